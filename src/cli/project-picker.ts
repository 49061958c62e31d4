import type { Backend } from "../backends/shared/types.ts";
import { projectCandidates, type ProjectCandidate } from "../projects/candidates.ts";
import { rankCandidates, rankingAsker } from "../projects/rank.ts";
import { withSuggestion } from "../projects/suggestion.ts";
import { fuzzyFilter, loadFuzzy } from "../switcher/fuzzy.ts";
import { sgr } from "../util/color.ts";
import { AgentmuxError } from "../util/errors.ts";
import { displayWidth, pad, truncate } from "../util/width.ts";
import type { Context } from "./context.ts";
import { warn } from "../util/terminal-text.ts";

export interface ProjectPickRequest {
  candidates: ProjectCandidate[];
  /** A directory the caller worked out itself: it leads the list (joining it when no source holds it). */
  suggested: string | null;
  title?: string;
}

export interface PickerChoice { value: string; name: string; short: string; description: string }

/** Pure: what the filter matches a candidate by: its label, description and directory. */
export function filterText(c: ProjectCandidate): string {
  return [c.label, c.description ?? "", c.directory].join(" ");
}

/** Pure: one line per candidate: the label padded to the widest, the description beside it (dim), cut to the width; the directory is shown under the list for the highlighted one. */
export function pickerChoices(candidates: readonly ProjectCandidate[], width: number, suggested: string | null): PickerChoice[] {
  const labelWidth = Math.min(Math.max(0, ...candidates.map((c) => displayWidth(c.label))), Math.max(10, Math.floor(width / 2)));
  return candidates.map((c, index) => {
    const mark = index === 0 && suggested !== null ? "(suggested)" : "";
    const description = (c.description ?? "").replace(/\s+/g, " ").trim();
    const room = width - labelWidth - 6 - (mark ? mark.length + 2 : 0);
    const tail = [description && room > 3 ? sgr("2", truncate(description, room)) : "", mark ? sgr("2", mark) : ""].filter(Boolean).join("  ");
    const label = truncate(c.label, labelWidth);
    return { value: c.directory, name: tail ? `${pad(label, labelWidth)}  ${tail}` : label, short: c.label, description: c.directory };
  });
}

/** Pure: the candidates the typed text keeps (fuzzy, as in the switcher), best first; all of them, in order, for no text. */
export function filterCandidates(candidates: readonly ProjectCandidate[], term: string | undefined): ProjectCandidate[] {
  const query = (term ?? "").trim();
  return query === "" ? [...candidates] : fuzzyFilter(candidates, query, filterText);
}

/**
 * Ask for one project at the terminal (a filtered list; a bare Enter takes the suggestion, or the
 * top candidate) and answer its directory. Without a terminal, or when dismissed, it throws.
 */
export async function pickProject(_ctx: Context, request: ProjectPickRequest): Promise<string> {
  const candidates = withSuggestion(request.candidates, request.suggested);
  if (candidates.length === 0) throw new AgentmuxError("there is no project to choose from", { hint: "list projects under projects.sources in the config, or pass --dir DIR" });
  if (process.stdin.isTTY !== true || process.stderr.isTTY !== true) {
    throw new AgentmuxError("choosing a project needs a terminal", { hint: "pass --dir DIR to name the project directory" });
  }
  const [{ search }] = await Promise.all([import("@inquirer/prompts"), loadFuzzy()]);
  const suggested = request.suggested !== null && request.suggested.trim() !== "" ? request.suggested : null;
  const width = process.stderr.columns || 80;
  // Escape dismisses the list, as it does the switcher (the prompt itself only knows Ctrl-C).
  const dismiss = new AbortController();
  const onKey = (_text: unknown, key: { name?: string } | undefined) => { if (key?.name === "escape") dismiss.abort(); };
  process.stdin.on("keypress", onKey);
  try {
    return await search<string>({
      message: request.title ?? "project",
      source: (term) => {
        const kept = filterCandidates(candidates, term);
        // The suggestion mark belongs to the first line only while nothing is typed.
        return pickerChoices(kept, width, term?.trim() ? null : suggested);
      },
      pageSize: Math.max(5, Math.min(20, (process.stderr.rows || 24) - 4)),
    }, { output: process.stderr, signal: dismiss.signal });
  } catch (error) {
    if (error instanceof Error && (error.name === "ExitPromptError" || error.name === "AbortPromptError")) {
      throw new AgentmuxError("no project was chosen", { hint: "pass --dir DIR to name the project directory without asking" });
    }
    throw error;
  } finally {
    process.stdin.off("keypress", onKey);
  }
}

export interface ProjectChoiceRequest {
  /** The account projects.sources is matched against (projects/account.ts projectAccount). */
  account: string | null;
  /** Whose non-interactive runner ranks (when ranking.command is empty). */
  backend: Backend;
  /** The routed text the candidates are ranked by ("" ranks nothing). */
  text: string;
  /** A directory the caller worked out: it leads the list and nothing is ranked. */
  suggested: string | null;
  title?: string;
  /** The environment the ranking runs with (the account's home variables). */
  env?: Record<string, string | undefined>;
  /** Where skipped sources and a failed ranking are reported (default: stderr). */
  warn?: (line: string) => void;
}

/**
 * The whole question: the account's candidates (skipped sources reported), ranked by the text
 * unless a directory is suggested (a failed ranking reported, the order kept), then the picker.
 * Answers the directory chosen; throws when the sources yield nothing, without a terminal, or when dismissed.
 */
export async function chooseProject(ctx: Context, request: ProjectChoiceRequest): Promise<string> {
  const warnOf = request.warn ?? ((line: string) => warn(line));
  const env = request.env ?? process.env;
  const found = projectCandidates(request.account, ctx.config, env);
  for (const problem of found.problems) warnOf(problem);
  let candidates = found.candidates;
  if (request.suggested === null || request.suggested.trim() === "") {
    const ranked = await rankCandidates(candidates, request.text, { ask: rankingAsker(request.backend, ctx.config, env) });
    if (ranked.problem) warnOf(ranked.problem);
    candidates = ranked.candidates;
  }
  return pickProject(ctx, { candidates, suggested: request.suggested, ...(request.title === undefined ? {} : { title: request.title }) });
}
