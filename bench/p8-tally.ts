/** A line of the daemon's event journal (AGENTMUX_EVENT_LOG), as P8 reads it. */
export interface JournalLine { pane: string; seq?: number; at?: number; took?: number; result: string }

/** Events of a storm that reached the daemon wrong, counted per kind. */
export interface Tally {
  /** Sent, never applied with their payload (nor refused). */
  lost: number;
  /** Applied without their payload: they are among the lost (their seq is in the payload). */
  payloadLess: number;
  /** Files the daemon refused (moved to rejected/). */
  refused: number;
  duplicated: number;
  /** Applied after a later event of their pane. */
  reordered: number;
  /** Applied more than lateMs after they were sent (from seq `lateFrom` on: the backlog of a stopped daemon is late by design). */
  late: number;
  /** The longest time from send to apply of those events, in ms. */
  slowestMs: number;
}

/** Count what went wrong for panes that each sent seqs 0..sent-1, in order. */
export function tally(lines: JournalLine[], panes: string[], sent: number, lateMs: number, lateFrom = 0): Tally {
  const t: Tally = { lost: 0, payloadLess: 0, refused: 0, duplicated: 0, reordered: 0, late: 0, slowestMs: 0 };
  for (const pane of panes) {
    const mine = lines.filter((l) => l.pane === pane);
    t.refused += mine.filter((l) => l.result === "dropped").length;
    const applied = mine.filter((l) => l.result !== "dropped");
    t.payloadLess += applied.filter((l) => typeof l.seq !== "number").length;
    const seen = new Set<number>();
    let last = -1;
    for (const l of applied) {
      if (typeof l.seq !== "number") continue;
      if (seen.has(l.seq)) t.duplicated++;
      seen.add(l.seq);
      if (l.seq < last) t.reordered++;
      last = Math.max(last, l.seq);
      if (l.seq >= lateFrom && typeof l.at === "number" && typeof l.took === "number") {
        const ms = l.took - l.at;
        t.slowestMs = Math.max(t.slowestMs, ms);
        if (ms > lateMs) t.late++;
      }
    }
    for (let s = 0; s < sent; s++) if (!seen.has(s)) t.lost++;
  }
  return t;
}
