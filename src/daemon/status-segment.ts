import { quotaLabel, type SelectedQuota } from "../accounts/quota.ts";
import { stateGlyph } from "../core/ask.ts";
import type { MachineState } from "../core/state-machine.ts";
import { joinFormats, literal, style, type Format } from "../tmux/safe-text.ts";

export interface SegmentOptions {
  colors?: boolean;
  /** The switcher keys of the waiting and blocked sessions, shown after the counts ("● 2 a s"). */
  keys?: string[];
  /** display.quota: each backend's selected account with its remaining quota, last. */
  quota?: SelectedQuota[];
  /** Configured hosts whose link is down (docs/hosts.md): marked after the counts, which hold only what is current. */
  hostsDown?: string[];
}

/**
 * The status-right segment: counts of blocked, waiting, waiting with background work and working
 * sessions, each with its state's glyph (src/core/ask.ts stateGlyph), coloured, other machines'
 * sessions counted in; then each host that is down; empty when there is nothing to say. The caller leaves snoozed sessions out. Only our own text and account names
 * (escaped) reach the format.
 */
export function renderStatusSegment(machines: ReadonlyArray<Pick<MachineState, "state" | "background">>, options: SegmentOptions = {}): Format {
  let waiting = 0, background = 0, blocked = 0, working = 0;
  for (const m of machines) {
    if (m.state === "waiting" && m.background) background++;
    else if (m.state === "waiting") waiting++;
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
  // Host names are plain (config/hosts.ts HOST_NAME); escaped like any text all the same.
  const down = (options.hostsDown ?? []).map((name) => colored(literal(`${name}:down`), "red"));
  return joinFormats([
    part(blocked, stateGlyph("blocked"), "red"),
    part(waiting, stateGlyph("waiting"), "yellow"),
    part(background, stateGlyph("waiting", true), "yellow"),
    part(working, stateGlyph("working"), "green"),
    keys, ...down, ...quota,
  ], " ");
}
