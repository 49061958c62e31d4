import type { MachineState } from "../session/state-machine.ts";

export interface SegmentOptions {
  colors?: boolean;
  /** The switcher keys of the waiting and blocked sessions, shown after the counts ("● 2 a s"). */
  keys?: string[];
}

/**
 * The status-right segment: counts of waiting, blocked and working sessions, coloured; empty
 * when there is nothing to say. Only our own text reaches the format, so nothing needs escaping.
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
  return [part(blocked, "⚠", "red"), part(waiting, "●", "yellow"), part(working, "◐", "green"), keys].filter(Boolean).join(" ");
}
