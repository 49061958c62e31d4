import type { NamedSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { formatAge } from "../util/text.ts";

/**
 * Pure: how side conversations and their parents find each other among the server's sessions.
 * A side pane carries @agentmux-side (its policy version) and @agentmux-parent (the parent's
 * pane); tmux never reuses a pane id while the server runs, so a parent that is gone stays gone.
 */

type Family = Pick<NamedSession, "pane" | "name" | "side" | "parent" | "dead" | "startedAt" | "state">;

/** Whether a session is a side conversation. */
export function isSide(s: Pick<NamedSession, "side">): boolean {
  return s.side !== "";
}

/** The open side conversations of a parent pane, newest first. */
export function sidesOf<T extends Family>(parentPane: string, sessions: readonly T[]): T[] {
  return sessions.filter((s) => isSide(s) && !s.dead && s.parent === parentPane).sort((a, b) => (b.startedAt ?? 0) - (a.startedAt ?? 0));
}

/** A side's parent, when it is still open (null: gone, or a side resumed on its own). */
export function parentOf<T extends Family>(side: Family, sessions: readonly T[]): T | null {
  if (!side.parent) return null;
  return sessions.find((s) => s.pane === side.parent && !s.dead) ?? null;
}

/** Every open side conversation, newest first. */
export function openSides<T extends Family>(sessions: readonly T[]): T[] {
  return sessions.filter((s) => isSide(s) && !s.dead).sort((a, b) => (b.startedAt ?? 0) - (a.startedAt ?? 0));
}

/** Where `side toggle` goes from a pane: a side to its parent, a parent to its newest side. */
export function toggleTarget<T extends Family>(current: Family, sessions: readonly T[]): T {
  if (isSide(current)) {
    const parent = parentOf(current, sessions);
    if (!parent) throw new AgentmuxError(`${current.name} (${current.pane}) has no parent open${current.parent ? ` (its parent ${current.parent} is gone)` : " (it was resumed on its own)"}`, { hint: "close it with agentmux side dismiss, or keep talking in it" });
    return parent;
  }
  const sides = sidesOf(current.pane, sessions);
  const newest = sides[0];
  if (!newest) throw new AgentmuxError(`${current.name} (${current.pane}) has no side conversation open`, { hint: "open one with agentmux side" });
  return newest;
}

/** One open side as `side list` shows it. */
export interface SideRow { pane: string; name: string; parentPane: string; parentName: string; parentState: string; openFor: string; openMs: number | null }

/** The rows of `side list`: every open side, what it was forked from, its parent's state, how long it has been open. */
export function sideRows(sessions: readonly Family[], now: number): SideRow[] {
  return openSides(sessions).map((s) => {
    const parent = parentOf(s, sessions);
    const openMs = s.startedAt === null ? null : Math.max(0, now - s.startedAt);
    return {
      pane: s.pane, name: s.name, parentPane: s.parent,
      parentName: parent ? parent.name : "(gone)", parentState: parent ? parent.state : "gone",
      openFor: openMs === null ? "" : formatAge(openMs), openMs,
    };
  });
}

/** The keys of the plugin's side table (tmux/agentmux.tmux), for `side describe`. */
export interface SideKeys { table: string; toggle: string; conclude: string; dismiss: string; sendSelection: string }

/** What `side describe` says of a pane: a side of X, a parent with N sides, or neither; and how to leave it. */
export function describePane(current: Family | null, sessions: readonly Family[], keys: SideKeys): string {
  const on = (key: string) => `${keys.table} ${key}`;
  if (current && isSide(current)) {
    const parent = parentOf(current, sessions);
    const of = parent ? `a side conversation of ${parent.name} (${parent.pane}, ${parent.state})` : `a side conversation whose parent is ${current.parent ? "gone" : "not known (resumed on its own)"}`;
    const back = parent ? `${on(keys.toggle)} goes back to the parent (agentmux side toggle); ` : "";
    return `${current.name} (${current.pane}) is ${of}. ${back}${on(keys.conclude)} hands a summary back${parent ? "" : " (needs the parent)"} and closes it (agentmux side conclude); ${on(keys.dismiss)} closes it (agentmux side dismiss).`;
  }
  if (current) {
    const sides = sidesOf(current.pane, sessions);
    if (sides.length > 0) {
      const names = sides.map((s) => `${s.name} (${s.pane})`).join(", ");
      return `${current.name} (${current.pane}) is a conversation with ${sides.length} side conversation${sides.length === 1 ? "" : "s"} open: ${names}. ${on(keys.toggle)} goes to the newest (agentmux side toggle); ${on(keys.sendSelection)} quotes the selection into it.`;
    }
    return `${current.name} (${current.pane}) is a conversation with no side conversation open. agentmux side opens one beside it.`;
  }
  const open = openSides(sessions);
  return `This pane is not a conversation${open.length > 0 ? `; ${open.length} side conversation${open.length === 1 ? " is" : "s are"} open (agentmux side list)` : ""}.`;
}
