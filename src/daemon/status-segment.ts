import { quotaLabel, type SelectedQuota } from "../accounts/quota.ts";
import type { MachineState } from "../core/state-machine.ts";
import { escapeFormat } from "../util/text.ts";

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
export function renderStatusSegment(machines: MachineState[], options: SegmentOptions = {}): string {
  let waiting = 0, blocked = 0, working = 0;
  for (const m of machines) {
    if (m.state === "waiting") waiting++;
    else if (m.state === "blocked") blocked++;
    else if (m.state === "working") working++;
  }
  const colors = options.colors ?? true;
  const part = (n: number, glyph: string, color: string) => (n === 0 ? "" : colors ? `#[fg=${color}]${glyph}${n}#[default]` : `${glyph}${n}`);
  const keys = options.keys && options.keys.length > 0 ? `[${options.keys.join(" ")}]` : "";
  const quota = (options.quota ?? []).map((q) => {
    // Account names come from the config: escaped like any text that reaches a format.
    const text = escapeFormat(quotaLabel(q));
    const color = q.quota.limited || (q.quota.remaining ?? 100) <= 10 ? "red" : (q.quota.remaining ?? 100) <= 30 ? "yellow" : "";
    return colors && color ? `#[fg=${color}]${text}#[default]` : text;
  });
  return [part(blocked, "⚠", "red"), part(waiting, "●", "yellow"), part(working, "◐", "green"), keys, ...quota].filter(Boolean).join(" ");
}
