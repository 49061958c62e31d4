/** Each session's state as the daemon's feed last showed it, by pane (null: no known state). */
export type States = ReadonlyMap<string, string | null>;

/**
 * Pure: the panes whose state differs between two pushes of the feed (a session come or gone
 * counts); the first push (no previous) is the baseline, and changes nothing.
 */
export function stateChanges(previous: States | null, rows: ReadonlyArray<{ pane?: unknown; state?: unknown }>): { next: States; changed: Set<string> } {
  const next = new Map<string, string | null>();
  for (const row of rows) if (typeof row.pane === "string") next.set(row.pane, typeof row.state === "string" ? row.state : null);
  const changed = new Set<string>();
  if (previous) {
    for (const pane of new Set([...previous.keys(), ...next.keys()])) {
      if (previous.get(pane) !== next.get(pane)) changed.add(pane);
    }
  }
  return { next, changed };
}
