import type { Channels } from "../core/evidence.ts";
import { formatDuration } from "../util/duration.ts";

/** The daemon's answer to an explain request (src/daemon/daemon.ts). */
export interface Explained {
  pane: string;
  now: number;
  state: string;
  background: boolean;
  since: number;
  raisedBy: string | null;
  decided: { rule: string; why: string; from: string; at: number } | null;
  channels: Channels;
  hooks: boolean;
  /** Its backend sends hook events (a session that has fired none yet is not one without hooks). */
  hookable?: boolean;
  verdict: { rule: string; why: string; event: string | null };
}

const ago = (now: number, at: number) => `${formatDuration(Math.max(0, now - at))} ago`;

/** Each channel's latest word and its age, how the state came to be, and the decision table's verdict now. */
export function formatExplain(name: string, e: Explained): string[] {
  const c = e.channels;
  const lines = [`${name} (${e.pane}): ${e.state}${e.background ? " with background work" : ""}, since ${ago(e.now, e.since)}`];
  if (e.decided) lines.push(`  made by ${e.raisedBy ?? "?"}, rule ${e.decided.rule}: ${e.decided.why} (was ${e.decided.from})`);
  lines.push("  channels:");
  lines.push(`    hook    ${c.hook ? `${c.hook.event}, ${ago(e.now, c.hook.at)}` : e.hooks ? "nothing yet" : e.hookable ? "none yet (its hooks have not fired since it started)" : "none (this backend has no hooks)"}`);
  lines.push(`    live    ${c.live ? `${c.live.status}${c.live.waitingFor ? ` (${c.live.waitingFor})` : ""} from ${c.live.source}, since ${ago(e.now, c.live.since)}, read ${ago(e.now, c.live.at)}` : "no report"}`);
  lines.push(`    screen  ${c.screen ? `${c.screen.verdict}${c.screen.cause ? ` (${c.screen.cause})` : ""} by rule ${c.screen.rule ?? "none"}${c.screen.region === "title" ? " (title only)" : ""}, since ${ago(e.now, c.screen.since)}` : "not captured yet"}`);
  lines.push(`    input   ${c.input ? `${c.input.kind} through agentmux, ${ago(e.now, c.input.at)}` : "nothing typed through agentmux"}`);
  lines.push(`  decision now: ${e.verdict.event ? `${e.verdict.event} ` : "hold "}by rule ${e.verdict.rule}: ${e.verdict.why}`);
  return lines;
}
