import { readdirSync, readFileSync, statSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { BACKENDS, isBackendName } from "../backends/index.ts";
import { formatLaunchState, updateLaunchState } from "../core/launch-state.ts";
import type { MachineEvent } from "../core/state-machine.ts";
import { tokenHash } from "../util/token.ts";
import type { Tracked } from "./tracked.ts";

export interface StatusUpdate { tracked: Tracked; options: Record<string, string>; event?: MachineEvent | undefined; newId?: string | undefined; promptId?: string | undefined }

const NAME = /^(%\d+)\.([^.]+)\.json$/;

/** Whether a status file name is that of the session's process: its pane, and a token whose hash is the session's ("-": none). */
function isProcessFile(name: string, pane: string, hash: string): boolean {
  const m = NAME.exec(name);
  return m !== null && m[1] === pane && (m[2] === "-" ? "" : tokenHash(m[2] ?? "")) === hash;
}

/** A session's teardown: its status file goes with it (there may never have been one). */
export function removeStatusFile(dir: string, pane: string, hash: string): void {
  let names: string[];
  try { names = readdirSync(dir); } catch { return; }
  for (const name of names) {
    if (isProcessFile(name, pane, hash)) { try { unlinkSync(join(dir, name)); } catch { /* gone */ } }
  }
}

/**
 * Read a status-line file written by shell/agentmux-statusline. Besides model, cost and the like,
 * Claude reports a fresh prompt_id for every turn: one no hook has named began a turn outside the
 * hooks (activity), unless a stop newer than the previous reading shows that turn already ended.
 */
export function readStatusFile(dir: string, name: string, tracked: Map<string, Tracked>): StatusUpdate | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const t = tracked.get(m[1] ?? "");
  const parse = t && isBackendName(t.backend) ? BACKENDS[t.backend].parseStatusLine : undefined;
  if (!t || !parse || !isProcessFile(name, t.pane, t.tokenHash)) return null;
  let text: string;
  let mtime: number;
  try {
    const file = join(dir, name);
    mtime = statSync(file).mtimeMs;
    text = readFileSync(file, "utf8");
  } catch { return null; }
  const status = parse(text);
  if (!status) return null;
  const previousReading = t.statusMtime;
  t.statusMtime = mtime;
  const update: StatusUpdate = { tracked: t, options: { ...status.options } };
  const launch = updateLaunchState(t.launch, { model: status.modelId });
  if (launch !== t.launch) {
    t.launch = launch;
    update.options["@agentmux-launch"] = formatLaunchState(launch);
  }
  if (status.sessionId && status.sessionId !== t.id) {
    t.id = status.sessionId;
    update.newId = status.sessionId;
  }
  if (status.promptId && status.promptId !== t.lastPromptSeen) {
    t.lastPromptSeen = status.promptId;
    const firstReading = previousReading === 0;
    const hooksSawIt = t.promptIds.includes(status.promptId);
    // A stop that names its prompt settles it; without one, a stop newer than the last reading does.
    const endedBetweenReadings = t.machine.state !== "working" && (t.lastStopPromptId ? t.lastStopPromptId === status.promptId : t.lastStopAt > previousReading);
    if (!firstReading && !hooksSawIt && !endedBetweenReadings && t.machine.state !== "working") {
      update.event = { kind: "activity", at: mtime };
      update.promptId = status.promptId;
    }
  }
  return update;
}
