/**
 * `claude --resume ID --fork-session` (2.1.x) names no parent: the fork's transcript opens with
 * records of its own (a mode record, a queued prompt), then the parent's messages copied, uuids and
 * timestamps kept, then its own messages. Transcripts sharing a first message are one family.
 */

/** One family member, as inferParents needs it. */
export interface ForkCandidate {
  id: string;
  /** Its transcript is a copy (it opens with records of its own before the first message). */
  copied: boolean;
  /** When it began (ms epoch), null when unknown. */
  startedAt: number | null;
  /** Its message uuids in order, with their times (read lazily: only families of two or more need them). */
  messages(): { uuid: string; at: number | null }[];
}

/**
 * The parent of each copied member of a family: among the members that began before it, the one
 * whose messages form the longest prefix contained in the fork's (ties: the earliest begun). When
 * the fork holds messages older than its start that the chosen member lacks, the true parent is
 * gone (deleted): the fork is left without a parent rather than attributed to a grandparent.
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
  for (const fork of family) {
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
    if (!best) continue;
    const theirs = uuids(best.m);
    const start = fork.startedAt;
    const missing = start !== null && fork.messages().some((x) => x.at !== null && x.at < start && !theirs.has(x.uuid));
    if (!missing) parents.set(fork.id, best.m.id);
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
