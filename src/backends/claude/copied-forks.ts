/**
 * `claude --resume ID --fork-session` (2.1.x) names no parent: the fork's transcript opens with
 * records of its own (a mode record, a queued prompt), then the parent's messages copied, uuids and
 * timestamps kept, then its own messages. Transcripts sharing a first message are one family, and
 * lineage within it is read from the records alone, never from the files' times (Claude creates a
 * fork's file only after its first own message, so its birth says nothing about where it began).
 */

/** One family member, as inferParents needs it. */
export interface ForkCandidate {
  id: string;
  /** Its transcript's records say it is a copy (a record of its own before the first message, newer than it). */
  copied: boolean;
  /** When it began, from its own records before its first message (ms epoch); null when none carries a time. */
  startedAt: number | null;
  /** Its message uuids in conversation order, with their times (read lazily: only families of two or more need them). */
  messages(): { uuid: string; at: number | null }[];
  /** The parent its records name (an SDK fork's forkedFrom), which no inference overrides. */
  named?: string | undefined;
}

/**
 * The parent of each member that descends from another in its family:
 * - a member all of whose messages the fork holds, and more, is its ancestor (a fork copies its
 *   parent's messages, its parent's own ones among them): the nearest such one is the parent;
 * - otherwise (the parent went on after the fork), among the members that began before a copy,
 *   the one whose messages form the longest prefix contained in the fork's (ties: the earliest begun).
 *   When the fork's own records date it and it holds messages older than that which the chosen
 *   member lacks, the true parent is gone (deleted): the fork is left without a parent rather than
 *   attributed to a grandparent.
 */
export function inferParents(family: readonly ForkCandidate[]): Map<string, string> {
  const parents = new Map<string, string>();
  if (family.length < 2) return parents;
  const uuidSets = new Map<string, Set<string>>();
  const uuids = (m: ForkCandidate) => {
    let set = uuidSets.get(m.id);
    if (!set) uuidSets.set(m.id, (set = new Set(m.messages().map((x) => x.uuid))));
    return set;
  };
  /** m's messages are all in fork's, which has more: m is fork's ancestor. */
  const within = (m: ForkCandidate, fork: ForkCandidate) => {
    // A fork that names this one as its parent holds a part of it, not the other way round.
    if (m.named === fork.id) return false;
    const mine = uuids(m), theirs = uuids(fork);
    if (mine.size === 0 || mine.size >= theirs.size) return false;
    for (const u of mine) if (!theirs.has(u)) return false;
    return true;
  };
  /** The fork's own records date it, and it holds messages older than that which m lacks: its true parent is gone. */
  const parentGone = (fork: ForkCandidate, m: ForkCandidate) => {
    const start = fork.startedAt;
    const theirs = uuids(m);
    return start !== null && fork.messages().some((x) => x.at !== null && x.at < start && !theirs.has(x.uuid));
  };
  for (const fork of family) {
    const ancestors = family.filter((m) => m !== fork && within(m, fork));
    if (ancestors.length > 0) {
      const nearest = ancestors.reduce((a, b) => (uuids(b).size > uuids(a).size ? b : a));
      if (!parentGone(fork, nearest)) parents.set(fork.id, nearest.id);
      continue;
    }
    if (!fork.copied) continue;
    const mine = uuids(fork);
    let best: { m: ForkCandidate; score: number } | null = null;
    for (const m of family) {
      if (m === fork || !beganBefore(m, fork)) continue;
      let score = 0;
      for (const { uuid } of m.messages()) {
        if (!mine.has(uuid)) break;
        score++;
      }
      if (score === 0) continue;
      if (!best || score > best.score || (score === best.score && earlier(m, best.m))) best = { m, score };
    }
    if (best && !parentGone(fork, best.m)) parents.set(fork.id, best.m.id);
  }
  return parents;
}

/** Whether m began before fork: an original (not a copy) always did; otherwise by their start times when both are known. */
function beganBefore(m: ForkCandidate, fork: ForkCandidate): boolean {
  if (!m.copied) return true;
  if (m.startedAt === null || fork.startedAt === null) return false;
  return m.startedAt < fork.startedAt;
}

function earlier(a: ForkCandidate, b: ForkCandidate): boolean {
  if (!a.copied && b.copied) return true;
  if (a.copied && !b.copied) return false;
  return (a.startedAt ?? Infinity) < (b.startedAt ?? Infinity);
}
