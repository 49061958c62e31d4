import { quotaLabel, type SelectedQuota } from "../accounts/quota.ts";
import type { MachineState } from "../core/state-machine.ts";
import { joinFormats, literal, style, type Format } from "../tmux/safe-text.ts";

export interface SegmentOptions {
  colors?: boolean;
  /** The switcher keys of the waiting and blocked sessions, shown after the counts ("● 2 a s"). */
  keys?: string[];
  /** display.quota: each backend's selected account with its remaining quota, last. */
  quota?: SelectedQuota[];
}

/**
 * The status-right segment: counts of waiting, blocked and working sessions, coloured; empty
 * when there is nothing to say. Only our own text and account names (escaped) reach the format.
 */
export function renderStatusSegment(machines: MachineState[], options: SegmentOptions = {}): Format {
  let waiting = 0, blocked = 0, working = 0;
  for (const m of machines) {
    if (m.state === "waiting") waiting++;
    else if (m.state === "blocked") blocked++;
    else if (m.state === "working") working++;
  }
  const colors = options.colors ?? true;
  const colored = (text: Format, color: string): Format => (colors && color ? joinFormats([style(`fg=${color}`), text, style("default")], "") : text);
  const part = (n: number, glyph: string, color: string) => (n === 0 ? "" : colored(literal(`${glyph}${n}`), color));
  const keys = options.keys && options.keys.length > 0 ? literal(`[${options.keys.join(" ")}]`) : "";
  const quota = (options.quota ?? []).map((q) => {
    // Account names come from the config: text, like anything that reaches a format.
    const color = q.quota.limited || (q.quota.remaining ?? 100) <= 10 ? "red" : (q.quota.remaining ?? 100) <= 30 ? "yellow" : "";
    return colored(literal(quotaLabel(q)), color);
  });
  return joinFormats([part(blocked, "⚠", "red"), part(waiting, "●", "yellow"), part(working, "◐", "green"), keys, ...quota], " ");
}
