import type { HostConfig } from "../config/config.ts";
import { remoteSaid, runOnHost } from "../hosts/run.ts";
import type { Done } from "./act.ts";
import type { Action } from "./state.ts";

/** An action of the popup on another machine's item (its pane is HOST:PANE, `host` set). */
export type RemoteAction = Exclude<Action, { kind: "jump" | "quit" }>;

/** The remote agentmux's verb and words for an action: `answer` (the stale check is carried out there), or `snooze`. */
export function remoteArgs(action: RemoteAction, pane: string): { verb: string; words: string[] } {
  const dialog = `--dialog=${action.item.ask?.dialog ?? ""}`;
  if (action.kind === "answer") return { verb: "answer", words: [dialog, "--", pane, ...action.keys] };
  if (action.kind === "reply") return { verb: "answer", words: [dialog, `--reply=${action.text}`, "--", pane] };
  return { verb: "snooze", words: [action.on ? "--on" : "--off", "--", pane] };
}

/**
 * Carry out the popup's answer, reply or snooze on the machine whose session it is, by its own
 * agentmux over the host's shared ssh connection: there the dialog's digest is checked against
 * its screen right before the keys go in, as here (cli/answer.ts). Nothing is printed: the
 * outcome is the popup's notice.
 */
export async function actOnHost(place: { host: HostConfig; target: string; dir: string | null }, action: RemoteAction): Promise<Done> {
  const { host, dir } = place;
  const { verb, words } = remoteArgs(action, place.target);
  const ran = await runOnHost(host, dir, verb, words, { capture: true, quiet: true });
  if (ran.code !== 0) return { sent: false, notice: remoteSaid(ran.stderr) || `${action.item.name}: the remote agentmux exited with ${ran.code}` };
  const { item } = action;
  if (action.kind === "answer") return { sent: true, notice: `${item.name}: answered ${action.label}` };
  if (action.kind === "reply") return { sent: true, notice: `${item.name}: reply sent` };
  return { sent: true, notice: action.on ? `snoozed ${item.name} until undone (z again wakes it)` : `${item.name} is no longer snoozed` };
}
