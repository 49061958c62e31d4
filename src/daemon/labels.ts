import { displayNames } from "../session/display-name.ts";
import type { Tracked } from "./tracked.ts";

/**
 * A session's display name as `agentmux list` shows it: worked out among all the live sessions, so
 * that two in one directory are told apart (web:%3, web:%5) in notifications and warnings too.
 */
export function sessionLabel(t: Tracked, all: Iterable<Tracked> = [t], backendSuffix = false): string {
  // An exited session whose pane is still open is listed (and named) too; one whose pane is gone is not.
  const sessions = [...all].filter((s) => !(s.gone === true || s.killed) || s.pane === t.pane);
  if (!sessions.includes(t)) sessions.push(t);
  const inputs = sessions.map((s) => ({ pane: s.pane, dir: s.record.dir || s.dir, instance: s.record.instance, backend: s.backend, label: s.record.label, side: s.record.side }));
  return displayNames(inputs, { backendSuffix }).get(t.pane) ?? t.pane;
}

/** The name of any pane by its identity options (pattern watchers on agent panes). */
export function nameOf(pane: string, dir: string, instance: string, backend: string, label: string): string {
  return displayNames([{ pane, dir, instance, backend, label }]).get(pane) ?? pane;
}
