import type { Tmux } from "../tmux/tmux.ts";
import { displayWidth } from "../util/width.ts";

/** What the status segment's text takes on screen: its #[…] styles take nothing, ## is one #. */
export function shownWidth(format: string): number {
  return displayWidth(format.replace(/#\[[^\]]*\]/g, "").replaceAll("##", "#"));
}

/**
 * Pure: the fullest of the segment's forms (fullest first) that fits in `room` cells; the last
 * (the counts alone) when none does. `dropped` says whether a fuller one was left out for room.
 */
export function fitSegment<F extends string>(forms: readonly F[], room: number | null): { segment: F; dropped: boolean } {
  if (forms.length === 0) throw new Error("fitSegment: no forms");
  const at = room === null ? 0 : forms.findIndex((f) => shownWidth(f) <= room);
  const i = at === -1 ? forms.length - 1 : at;
  return { segment: forms[i] as F, dropped: i > 0 };
}

/** How the plugin puts the segment in front of status-right (tmux/agentmux.tmux). */
const PREFIX = "#{?@agentmux-status,#{@agentmux-status} ,}";

/**
 * The cells status-right leaves the segment: status-right-length less what the rest of status-right
 * shows now (expanded by tmux) and the space after the segment. null: the segment is not in
 * status-right, or tmux could not say.
 */
export async function segmentRoom(tmux: Tmux): Promise<number | null> {
  try {
    const [right = "", length = ""] = [await tmux.getOption("global", "status-right"), await tmux.getOption("global", "status-right-length")].map((v) => v.split("\n")[0] ?? "");
    if (!right.includes("@agentmux-status")) return null;
    const rest = right.replace(PREFIX, "").replaceAll("#{@agentmux-status}", "");
    const restWidth = rest.trim() === "" ? 0 : shownWidth(await tmux.expand(rest));
    const max = Number(length);
    return Number.isFinite(max) && max > 0 ? Math.max(0, max - restWidth - 1) : null;
  } catch {
    return null;
  }
}
