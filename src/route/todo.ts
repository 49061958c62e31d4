import { statSync } from "node:fs";
import { resolve } from "node:path";
import { TODO_FILE_MAX } from "../batch/todos.ts";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { AgentmuxError } from "../util/errors.ts";
import { expandHome } from "../util/paths.ts";
import { isFileRefused, readRegularText } from "../util/regular-file.ts";
import type { ExtractEnv, Extractor, RouteContext, Thing } from "./context.ts";

const LOCATION = /^(.+):(\d+)$/;
const MARKDOWN = /^(\s*)([-*+]|\d+[.)]) \[ \] (.*)$/;
const ORG = /^(\*+) TODO(?: (.*))?$/;

export type TodoStyle = "markdown" | "org";

/** One TODO: its style, its line as written, the prompt it makes. */
export interface TodoItem { style: TodoStyle; line: string; prompt: string }

/** Pure: FILE and LINE of a FILE:LINE thing, or null. */
export function todoLocation(text: string): { file: string; line: number } | null {
  const match = LOCATION.exec(text.trim());
  if (!match || text.trim().includes("\n") || /^[a-z][\w+.-]*:\/\//i.test(text.trim())) return null;
  const line = Number(match[2]);
  return line >= 1 ? { file: match[1] ?? "", line } : null;
}

/** Pure: whether a line opens a TODO (a Markdown `- [ ]` item, an Org `* TODO` heading). */
export function todoStyle(line: string): TodoStyle | null {
  if (MARKDOWN.test(line)) return "markdown";
  if (ORG.test(line)) return "org";
  return null;
}

/**
 * Pure: the TODO opening at lines[index] with its body: a Markdown item's more-indented lines, an
 * Org heading's lines up to the next heading. The prompt is the heading's text, a blank line, and
 * the body; null when that line opens no TODO.
 */
export function todoAt(lines: readonly string[], index: number): TodoItem | null {
  const line = lines[index];
  if (line === undefined) return null;
  const md = MARKDOWN.exec(line);
  const org = md ? null : ORG.exec(line);
  if (!md && !org) return null;
  const body: string[] = [];
  for (let i = index + 1; i < lines.length; i++) {
    const next = lines[i] ?? "";
    if (md) {
      const indent = /^\s*/.exec(next)?.[0].length ?? 0;
      if (next.trim() !== "" && indent <= (md[1] ?? "").length) break;
    } else if (/^\*+ /.test(next)) break;
    body.push(next);
  }
  const heading = md ? (md[3] ?? "") : (org?.[2] ?? "").replace(/\s+:[\w@#%:]+:\s*$/, "");
  const text = dedent(body).join("\n").trim();
  return { style: md ? "markdown" : "org", line, prompt: text ? `${heading.trim()}\n\n${text}` : heading.trim() };
}

function dedent(lines: string[]): string[] {
  const indents = lines.filter((l) => l.trim() !== "").map((l) => /^\s*/.exec(l)?.[0].length ?? 0);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut));
}

/** Pure: whether the marker suits the style: a Markdown box "[c]", an Org keyword (a word). */
export function markerFits(marker: string, style: TodoStyle): boolean {
  return style === "markdown" ? /^\[[^\]\s]\]$/.test(marker) : /^[A-Za-z][\w-]*$/.test(marker);
}

/** Pure: the TODO's line with the marker in place of `[ ]` or TODO. */
export function markedLine(line: string, marker: string, style: TodoStyle): string {
  if (style === "markdown") return line.replace(/^(\s*(?:[-*+]|\d+[.)]) )\[ \]/, (_m, lead: string) => `${lead}${marker}`);
  return line.replace(/^(\*+ )TODO\b/, (_m, stars: string) => `${stars}${marker}`);
}

/** Pure: where the TODO's line is now: at its line when unchanged, else the copy nearest to it; -1 when it is gone. */
export function findLineAgain(lines: readonly string[], index: number, line: string): number {
  if (lines[index] === line) return index;
  let best = -1;
  lines.forEach((l, i) => { if (l === line && (best === -1 || Math.abs(i - index) < Math.abs(best - index))) best = i; });
  return best;
}

/**
 * I/O: move the TODO in file to the marker, found again if the file changed; a vanished line is
 * left alone. A file that is a symlink stays one (writeFileAtomic writes its target). Answers a note.
 */
export function markInProgress(file: string, index: number, item: TodoItem, marker: string): string | null {
  let text: string;
  try { text = readRegularText(file, { maxBytes: TODO_FILE_MAX }); } catch (error) {
    return `${file} could not be read again${isFileRefused(error) ? ` (it ${error.reason})` : ""}: the TODO keeps its state`;
  }
  const lines = text.split("\n");
  const at = findLineAgain(lines, index, item.line);
  if (at === -1) return `the TODO is no longer in ${file}: left alone`;
  lines[at] = markedLine(item.line, marker, item.style);
  const mode = statSync(file).mode & 0o7777;
  writeFileAtomic(file, lines.join("\n"), mode);
  return null;
}

/** I/O: the TODO of a FILE:LINE thing (or the TODO text itself), as the prompt to submit. */
function extractTodo(thing: Thing, env: ExtractEnv): RouteContext {
  const location = todoLocation(thing.text);
  if (!location) {
    const lines = thing.text.replace(/^\s*\n/, "").split("\n");
    const item = todoAt(lines, 0);
    if (!item) throw new AgentmuxError("the text is not a TODO", { hint: "pass FILE:LINE of a `- [ ]` item or a `* TODO` heading" });
    return { kind: "TODO item", payload: item.prompt, text: item.prompt, submit: true };
  }
  const file = resolve(thing.cwd, expandHome(location.file, env.env));
  let text: string;
  try { text = readRegularText(file, { maxBytes: TODO_FILE_MAX }); } catch (error) {
    if (isFileRefused(error)) throw new AgentmuxError(`TODO file ${error.message}`, { hint: "pass FILE:LINE of a regular Markdown or Org file" });
    throw new AgentmuxError(`TODO file ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { hint: "pass FILE:LINE of an existing Markdown or Org file" });
  }
  const lines = text.split("\n");
  const item = todoAt(lines, location.line - 1);
  if (!item) {
    throw new AgentmuxError(`line ${location.line} of ${file} is not an open TODO`, { hint: "point at a Markdown `- [ ]` item or an Org `* TODO` heading (FILE:LINE, lines count from 1)" });
  }
  const marker = env.config.route.todoInProgress;
  const notes: string[] = [];
  let after: (() => string | null) | undefined;
  if (marker && markerFits(marker, item.style)) after = () => markInProgress(file, location.line - 1, item, marker);
  else if (marker) notes.push(`route.todoInProgress "${marker}" is not ${item.style === "markdown" ? "a Markdown box such as [-]" : "an Org keyword"}: the TODO keeps its state`);
  return { kind: "TODO item", payload: item.prompt, text: item.prompt, submit: true, after, notes };
}

export const todo: Extractor = {
  kind: "TODO item",
  matches: (thing: Thing) => todoLocation(thing.text) !== null || todoStyle(thing.text.replace(/^\s*\n/, "").split("\n")[0] ?? "") !== null,
  extract: async (thing: Thing, env: ExtractEnv) => extractTodo(thing, env),
};
