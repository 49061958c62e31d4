import type { MachineState } from "../core/state-machine.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { sessionLabel } from "./labels.ts";
import type { Tracked } from "./tracked.ts";

/**
 * A side conversation hears how its parent is doing: its pane border names the parent's state
 * (status-push.ts asks parentState), and when the parent finishes, fails or needs approval the
 * side's window says so once in its clients' status lines (side.reportParentStatus). Pushed from
 * the daemon's state changes; nothing polls.
 */

/** Pure: what a side's border says of its parent ("" for a session that is not a side). */
export function parentState(side: Tracked, tracked: ReadonlyMap<string, Tracked>): string {
  if (!side.record.side) return "";
  if (!side.record.parent) return "";
  const parent = tracked.get(side.record.parent);
  if (!parent || parent.machine.state === "exited") return "parent: gone";
  return `parent: ${parent.machine.state === "blocked" ? "needs approval" : parent.machine.state}`;
}

/** Pure: the one-time line for a parent's new state, or null when the state is not worth saying. */
export function parentNews(parentName: string, parent: Tracked, made: MachineState): string | null {
  if (made.state === "blocked") return `${parentName} (the parent) needs approval`;
  if (made.state === "waiting") return parent.cause?.why === "failed" ? `${parentName} (the parent) failed${parent.cause.detail ? `: ${parent.cause.detail}` : ""}` : `${parentName} (the parent) finished its turn`;
  if (made.state === "exited") return `${parentName} (the parent) exited${parent.exitStatus ? ` with status ${parent.exitStatus}` : ""}`;
  return null;
}

export class SideReport {
  /** Per side pane, the parent episode (state and since) last said, so each is said once. */
  private readonly said = new Map<string, string>();

  constructor(private readonly tmux: Tmux, private readonly enabled: () => boolean) {}

  /** A session's state changed: tell the sides opened from it, on their windows' clients. */
  async parentChanged(parent: Tracked, made: MachineState, tracked: ReadonlyMap<string, Tracked>): Promise<void> {
    const sides = [...tracked.values()].filter((t) => t.record.side && t.record.parent === parent.pane && t.machine.state !== "exited");
    for (const [pane] of this.said) if (!tracked.has(pane)) this.said.delete(pane);
    if (sides.length === 0 || !this.enabled()) return;
    const line = parentNews(sessionLabel(parent, tracked.values()), parent, made);
    if (line === null) return;
    const episode = `${made.state} ${made.since}`;
    for (const side of sides) {
      if (this.said.get(side.pane) === episode || !side.record.window) continue;
      this.said.set(side.pane, episode);
      await this.tmux.displayInWindow(side.record.window, `agentmux: ${line}`).catch(() => 0);
    }
  }
}
