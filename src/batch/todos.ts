import { AgentmuxError } from "../util/errors.ts";
import { MiB } from "../util/regular-file.ts";

/** The largest TODO source read (a Markdown or Org file; an Org file kept for years grows large, not this large). */
export const TODO_FILE_MAX = 8 * MiB;

/** One TODO entry of a Markdown or Org file: what `agentmux batch` runs. */
export interface TodoEntry {
  /** 1-based line of the item or heading. */
  line: number;
  /** The item's text or the heading's title (keyword, priority and tags removed). */
  title: string;
  /** The prompt: the title, then the body (dedented) after a blank line when there is one. */
  prompt: string;
}

/** Where in the file entries are collected: a line range (inclusive, 1-based) or a heading's subtree. */
export type TodoScope = { kind: "all" } | { kind: "lines"; from: number; to: number } | { kind: "heading"; text: string };

export type TodoSyntax = "markdown" | "org";

/** Pure: Org for a .org file, Markdown for anything else. */
export function syntaxOf(file: string): TodoSyntax {
  return /\.org$/i.test(file) ? "org" : "markdown";
}

/** Pure: "A-B" (or "A" alone) as a line range; throws naming the input. */
export function parseLineRange(text: string): { from: number; to: number } {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  const from = Number(match?.[1]);
  const to = Number(match?.[2] ?? match?.[1]);
  if (!match || from < 1 || to < from) {
    throw new AgentmuxError(`--lines "${text}" is not a line range`, { hint: "give the first and last line, 1-based: --lines 10-24" });
  }
  return { from, to };
}

interface Heading { index: number; level: number; title: string }

const ORG_HEADING = /^(\*+)\s+(.*)$/;
const MD_HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const ORG_TODO = /^TODO\s+(.*)$/;
const MD_ITEM = /^(\s*)(?:[-*+]|\d+[.)])\s+\[ \]\s+(.*)$/;
const ORG_DRAWER_OR_PLANNING = /^\s*(?::[A-Za-z_-]+:.*|(?:SCHEDULED|DEADLINE|CLOSED):.*)$/;

/** An Org title without priority cookie and tags. */
function orgTitle(text: string): string {
  return text.replace(/^\[#[A-Za-z0-9]\]\s*/, "").replace(/\s+:[\w@#%:]+:\s*$/, "").trim();
}

function headings(lines: string[], syntax: TodoSyntax): Heading[] {
  const out: Heading[] = [];
  let fenced = false;
  lines.forEach((line, index) => {
    if (syntax === "markdown" && /^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    const match = (syntax === "org" ? ORG_HEADING : MD_HEADING).exec(line);
    if (!match) return;
    const rest = match[2] ?? "";
    const title = syntax === "org" ? orgTitle(rest.replace(/^(TODO|DONE)\s+/, "")) : rest.trim();
    out.push({ index, level: (match[1] ?? "").length, title });
  });
  return out;
}

/** Lines with their common leading indentation removed, blank lines at either end dropped. */
function dedent(lines: string[]): string {
  const kept = [...lines];
  while (kept.length > 0 && kept[0]?.trim() === "") kept.shift();
  while (kept.length > 0 && kept.at(-1)?.trim() === "") kept.pop();
  const indents = kept.filter((l) => l.trim() !== "").map((l) => /^\s*/.exec(l)?.[0].length ?? 0);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  return kept.map((l) => l.slice(cut).trimEnd()).join("\n");
}

const promptOf = (title: string, body: string): string => (body === "" ? title : `${title}\n\n${body}`);

/** The 0-based [start, end) of the lines in scope. */
function scopeRange(lines: string[], syntax: TodoSyntax, scope: TodoScope): [number, number] {
  if (scope.kind === "all") return [0, lines.length];
  if (scope.kind === "lines") {
    if (scope.from > lines.length) {
      throw new AgentmuxError(`--lines ${scope.from}-${scope.to} starts after the end of the file (${lines.length} lines)`, { hint: "give a range inside the file" });
    }
    return [scope.from - 1, Math.min(scope.to, lines.length)];
  }
  const all = headings(lines, syntax);
  const wanted = scope.text.trim().toLowerCase();
  const matches = all.filter((h) => h.title.toLowerCase() === wanted);
  if (matches.length === 0) {
    throw new AgentmuxError(`no heading "${scope.text}" in the file`, { hint: all.length > 0 ? `headings are: ${all.slice(0, 8).map((h) => `"${h.title}"`).join(", ")}` : "the file has no headings: use --lines A-B" });
  }
  if (matches.length > 1) {
    throw new AgentmuxError(`${matches.length} headings read "${scope.text}" (lines ${matches.map((h) => h.index + 1).join(", ")})`, { hint: "use --lines A-B for the one you mean" });
  }
  const heading = matches[0] as Heading;
  const next = all.find((h) => h.index > heading.index && h.level <= heading.level);
  return [heading.index, next ? next.index : lines.length];
}

function markdownEntries(lines: string[], start: number, end: number): TodoEntry[] {
  const entries: TodoEntry[] = [];
  let fenced = false;
  for (let i = start; i < end; i++) {
    const line = lines[i] ?? "";
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const match = MD_ITEM.exec(line);
    if (!match) continue;
    const indent = (match[1] ?? "").length;
    const title = (match[2] ?? "").trim();
    if (title === "") continue;
    // The body: the lines indented deeper than the bullet (blank lines inside it too).
    const body: string[] = [];
    let j = i + 1;
    for (; j < end; j++) {
      const next = lines[j] ?? "";
      if (next.trim() === "") { body.push(next); continue; }
      const nextIndent = /^\s*/.exec(next)?.[0].length ?? 0;
      if (nextIndent <= indent || MD_ITEM.exec(next)) break;
      body.push(next);
    }
    entries.push({ line: i + 1, title, prompt: promptOf(title, dedent(body)) });
  }
  return entries;
}

function orgEntries(lines: string[], start: number, end: number): TodoEntry[] {
  const entries: TodoEntry[] = [];
  for (let i = start; i < end; i++) {
    const heading = ORG_HEADING.exec(lines[i] ?? "");
    const todo = heading ? ORG_TODO.exec(heading[2] ?? "") : null;
    if (!todo) continue;
    const title = orgTitle(todo[1] ?? "");
    if (title === "") continue;
    // The body: up to the next heading of any level, without property drawers and planning lines.
    const body: string[] = [];
    let drawer = false;
    for (let j = i + 1; j < end && !ORG_HEADING.test(lines[j] ?? ""); j++) {
      const next = lines[j] ?? "";
      if (/^\s*:(PROPERTIES|LOGBOOK):\s*$/.test(next)) { drawer = true; continue; }
      if (drawer) { if (/^\s*:END:\s*$/.test(next)) drawer = false; continue; }
      if (body.length === 0 && ORG_DRAWER_OR_PLANNING.test(next)) continue;
      body.push(next);
    }
    entries.push({ line: i + 1, title, prompt: promptOf(title, dedent(body)) });
  }
  return entries;
}

/** Pure: the open TODO entries of a file's text within scope, in file order. */
export function collectTodos(text: string, syntax: TodoSyntax, scope: TodoScope = { kind: "all" }): TodoEntry[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const [start, end] = scopeRange(lines, syntax, scope);
  return syntax === "org" ? orgEntries(lines, start, end) : markdownEntries(lines, start, end);
}
