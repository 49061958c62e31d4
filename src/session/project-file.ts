import { existsSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { AgentmuxError } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import { isFileRefused } from "../util/regular-file.ts";
import { shQuote } from "../util/sh.ts";
import { allowVerdict, readAllowStore, readProjectFile, writeAllowStore, type ProjectFileRead } from "./project-allow.ts";
import { err, shown } from "../util/terminal-text.ts";

export const PROJECT_FILE = ".agentmux.yml";

export interface ProjectWatch { pattern: string; notify: boolean }
export interface ProjectSession { name: string; watch: ProjectWatch[] }

/** The sessions a project file declares (sessions[] with name and watch[] of pattern and notify); a mistake throws. */
export function parseProjectFile(text: string, file: string): ProjectSession[] {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new AgentmuxError(`${file}: not valid YAML: ${(error as Error).message.split("\n")[0]}`, { hint: "fix the file, or remove it" });
  }
  const sessions = (data as { sessions?: unknown } | null)?.sessions;
  if (sessions === undefined) return [];
  if (!Array.isArray(sessions)) throw new AgentmuxError(`${file}: sessions is not a list`, { hint: "write sessions: [{name: api, watch: [{pattern: 'ERR!'}]}]" });
  const out: ProjectSession[] = [];
  for (const entry of sessions as Array<{ name?: unknown; watch?: unknown }>) {
    if (!entry || typeof entry.name !== "string" || !Array.isArray(entry.watch)) continue;
    const watch: ProjectWatch[] = [];
    for (const w of entry.watch as Array<{ pattern?: unknown; notify?: unknown }>) {
      if (typeof w?.pattern !== "string" || w.pattern === "") throw new AgentmuxError(`${file}: session ${entry.name}: a watch without a pattern`, { hint: "give each watch a pattern" });
      watch.push({ pattern: w.pattern, notify: w.notify !== false });
    }
    out.push({ name: entry.name, watch });
  }
  return out;
}

export interface ProjectFileOptions {
  /** Where the notice that a file waits to be allowed goes (the command's stderr). */
  notice?: (line: string) => void;
  stateDir?: string;
}

const toStderr = (line: string) => { err(shown`agentmux: ${line}\n`); };

/**
 * The project file of dir as read, when the user allowed exactly this content (agentmux allow);
 * otherwise null, and the user is told once per (file, content) that it is there and how to allow
 * it. One that cannot be allowed (not a regular file, too large) is ignored and said so each time.
 */
export function allowedProjectFile(dir: string, options: ProjectFileOptions = {}): ProjectFileRead | null {
  const file = join(dir, PROJECT_FILE);
  if (!existsSync(file)) return null;
  const notice = options.notice ?? toStderr;
  const stateDir = options.stateDir ?? places().stateDir;
  let read: ProjectFileRead;
  try {
    read = readProjectFile(file);
  } catch (error) {
    if (!isFileRefused(error)) throw error;
    notice(`${error.message}: its watchers and settings are ignored (${error.hint ?? "replace it with a regular file"})`);
    return null;
  }
  const { store, problem } = readAllowStore(stateDir);
  if (problem) notice(problem);
  const verdict = allowVerdict(store, read);
  if (verdict === "allowed") return read;
  if (store.told[read.real] !== read.hash) {
    const why = verdict === "changed" ? "changed since you allowed it" : "is not allowed yet";
    notice(`${file} ${why}: its watchers and settings are ignored (review it, then run: agentmux allow ${shQuote(dir)})`);
    store.told[read.real] = read.hash;
    try { writeAllowStore(stateDir, store); } catch (error) { notice(`could not record that: ${(error as Error).message}`); }
  }
  return null;
}

/**
 * The watch patterns an allowed project file declares for a session: the entry named like the
 * session's instance, or like its directory when it has none.
 */
export function projectWatches(dir: string, names: string[], options: ProjectFileOptions = {}): string[] {
  const read = allowedProjectFile(dir, options);
  if (!read) return [];
  return parseProjectFile(read.text, read.file)
    .filter((s) => names.includes(s.name))
    .flatMap((s) => s.watch.filter((w) => w.notify).map((w) => w.pattern));
}

/** All the patterns of a pane as one extended regex for grep -E (each kept whole by its group). */
export function combinePatterns(patterns: string[]): string {
  return patterns.length === 1 ? (patterns[0] ?? "") : patterns.map((p) => `(${p})`).join("|");
}
