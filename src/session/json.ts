import type { NamedSession } from "./store.ts";

/** Whole seconds from `from` (epoch ms) to now; null for no time. */
export const secondsSince = (from: number | null, now: number): number | null => (from === null ? null : Math.max(0, Math.round((now - from) / 1000)));

/**
 * The stable JSON shape of one session; scripts rely on these keys (new ones are added, none
 * renamed). stateSince/stateAge: when the current state began (epoch ms) and for how long (s);
 * startedAt/age: when the session started (epoch ms) and for how long (s).
 */
export function sessionJson(s: NamedSession, now = Date.now()) {
  return {
    pane: s.pane,
    backend: s.backend,
    account: s.account || null,
    dir: s.dir,
    instance: s.instance || null,
    name: s.name,
    id: s.id || null,
    state: s.state === "unknown" ? null : s.state,
    /** Waiting with background work still running (the inbox's ◍). */
    background: s.background,
    stateSince: s.stateSince,
    age: secondsSince(s.startedAt, now),
    group: s.group || null,
    /** A side conversation's parent pane; forkedFrom: the native id a branch or side was forked from. */
    parent: s.parent || null,
    forkedFrom: s.forkedFrom || null,
    side: s.side !== "",
    title: s.title,
    exitStatus: s.deadStatus,
    stateAge: secondsSince(s.stateSince, now),
    startedAt: s.startedAt,
  };
}

/** One row of `list --json`, as a host's stream carries it (src/hosts/). */
export type SessionRow = ReturnType<typeof sessionJson>;
