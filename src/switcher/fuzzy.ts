/**
 * Fuzzy matching: the query's characters must appear in order. Matches at the start of a word and
 * runs of consecutive characters score higher, a long gap lower. Case is ignored unless the query
 * has a capital letter (smart case).
 */
export function fuzzyScore(text: string, query: string): number | null {
  if (query === "") return 0;
  const sensitive = /\p{Lu}/u.test(query);
  const hay = [...(sensitive ? text : text.toLowerCase())];
  const needle = [...(sensitive ? query : query.toLowerCase())];
  let best: number | null = null;
  for (let start = 0; start < hay.length; start++) {
    if (hay[start] !== needle[0]) continue;
    const score = scoreFrom(hay, needle, start);
    if (score !== null && (best === null || score > best)) best = score;
  }
  return best;
}

function isBoundary(hay: string[], i: number): boolean {
  return i === 0 || /[\s\-_:./@]/u.test(hay[i - 1] ?? "");
}

function scoreFrom(hay: string[], needle: string[], start: number): number | null {
  let score = 0;
  let pos = start;
  let prev = -2;
  for (const ch of needle) {
    while (pos < hay.length && hay[pos] !== ch) pos++;
    if (pos >= hay.length) return null;
    score += 1;
    if (pos === prev + 1) score += 3;
    if (isBoundary(hay, pos)) score += 2;
    if (prev >= 0) score -= Math.min(3, (pos - prev - 1) * 0.1);
    prev = pos;
    pos++;
  }
  return score - start * 0.01;
}

/** Items whose text matches, best first; equal scores keep their order. */
export function fuzzyFilter<T>(items: readonly T[], query: string, text: (item: T) => string): T[] {
  if (query === "") return [...items];
  const scored: Array<{ item: T; score: number; i: number }> = [];
  items.forEach((item, i) => {
    const score = fuzzyScore(text(item), query);
    if (score !== null) scored.push({ item, score, i });
  });
  return scored.sort((a, b) => b.score - a.score || a.i - b.i).map((s) => s.item);
}
