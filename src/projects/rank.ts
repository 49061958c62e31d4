import type { ProjectCandidate } from "./candidate.ts";

export { rankingAsker } from "./ranking-asker.ts";

const blank = (text: string | null | undefined): boolean => !text || text.trim() === "";

/** Pure: whether there is something to order by: the routed text and at least one description hold more than whitespace. */
export function worthRanking(candidates: ProjectCandidate[], text: string): boolean {
  return !blank(text) && candidates.some((c) => !blank(c.description));
}

/** The most of the routed text a request carries: the start of it is what names the project. */
const MAX_TEXT = 4000;

const truncateText = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max)}\n[…]`);

/** Pure: the request the model is asked: the text, then one candidate a line with its description. */
export function rankingPrompt(candidates: ProjectCandidate[], text: string): string {
  const lines = candidates.map((c) => (blank(c.description) ? `- ${c.label}` : `- ${c.label}: ${(c.description as string).replace(/\s+/g, " ").trim()}`));
  return [
    "Which of these projects is the following text most likely about?",
    "Answer with only the project labels, comma separated, most likely first. No other words.",
    "",
    "Projects:",
    ...lines,
    "",
    "Text:",
    truncateText(text.trim(), MAX_TEXT),
    "",
  ].join("\n");
}

/**
 * Pure: the label a name the model gave stands for: the label it equals, else the shortest label
 * it starts (so a shortened name still finds its project, and a label that starts another names
 * itself); null for a name matching none.
 */
export function matchLabel(labels: string[], name: string): string | null {
  const raw = name.trim();
  if (raw !== "" && labels.includes(raw)) return raw;
  const wanted = raw.replace(/^["'`*\-\s]+|["'`*.\s]+$/g, "");
  if (wanted === "") return null;
  if (labels.includes(wanted)) return wanted;
  const starting = labels.filter((l) => l.startsWith(wanted));
  if (starting.length === 0) return null;
  return starting.reduce((a, b) => (b.length < a.length ? b : a));
}

/** Pure: the candidates named in an answer moved to the front in its order (each once); the rest keep their order behind. */
export function applyRanking(candidates: ProjectCandidate[], answer: string): ProjectCandidate[] {
  const labels = candidates.map((c) => c.label);
  const named: string[] = [];
  for (const name of answer.split(/[,\n]/)) {
    const label = matchLabel(labels, name);
    if (label !== null && !named.includes(label)) named.push(label);
  }
  const front = named.map((label) => candidates.find((c) => c.label === label) as ProjectCandidate);
  return [...front, ...candidates.filter((c) => !named.includes(c.label))];
}

/**
 * The candidates ordered by the model's reading of the text, when both hold text (else as given,
 * without asking). A failed request answers its problem and leaves the order as it was.
 */
export async function rankCandidates(candidates: ProjectCandidate[], text: string, options: { ask: (prompt: string) => Promise<string> }): Promise<{ candidates: ProjectCandidate[]; problem: string | null }> {
  if (!worthRanking(candidates, text)) return { candidates, problem: null };
  let answer: string;
  try {
    answer = await options.ask(rankingPrompt(candidates, text));
  } catch (error) {
    return { candidates, problem: `ranking the projects failed, so they keep their order: ${(error as Error).message}` };
  }
  return { candidates: applyRanking(candidates, answer), problem: null };
}
