/**
 * Fuzzy matching with fzf (the npm port of junegunn/fzf's algorithm v2: word starts and runs of
 * consecutive characters score higher, gaps lower; smart case; accents ignored). Ties go to the
 * earlier match, then keep the rows' order.
 *
 * fzf is not loaded at the switcher's start: loadFuzzy() is called on the filter's first key ("/"),
 * and the switcher holds further keys until it is ready. An empty query needs no matcher.
 */
// fzf's own .d.ts files import each other without extensions, which this project's module
// resolution does not follow: the few members used are typed here.
interface Match<T> { item: T; start: number; score: number }
interface FzfOptions<T> { selector?: (item: T) => string; casing: "smart-case"; tiebreakers?: Array<(a: Match<T>, b: Match<T>) => number> }
interface FzfModule { Fzf: new <T>(items: readonly T[], options: FzfOptions<T>) => { find(query: string): Array<Match<T>> } }

let fzf: FzfModule | undefined;

/** Load fzf (once); the filter's first keystroke calls this. */
export async function loadFuzzy(): Promise<void> {
  fzf ??= (await import("fzf")) as unknown as FzfModule;
}

export function fuzzyReady(): boolean {
  return fzf !== undefined;
}

function matcher(): FzfModule {
  if (!fzf) throw new Error("fuzzy matching used before loadFuzzy()");
  return fzf;
}

const byStart = <T>(a: Match<T>, b: Match<T>) => a.start - b.start;

/** Items whose text matches, best first; equal scores: the earlier match, then the items' order. */
export function fuzzyFilter<T>(items: readonly T[], query: string, text: (item: T) => string): T[] {
  if (query === "") return [...items];
  const { Fzf } = matcher();
  return new Fzf(items, { selector: text, casing: "smart-case", tiebreakers: [byStart] }).find(query).map((r) => r.item);
}

/** The match's score (higher is better), or null when the text does not match. 0 for an empty query. */
export function fuzzyScore(text: string, query: string): number | null {
  if (query === "") return 0;
  const { Fzf } = matcher();
  return new Fzf([text], { casing: "smart-case" }).find(query)[0]?.score ?? null;
}
