import { randomBytes } from "node:crypto";
import { rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { AgentmuxError } from "../util/errors.ts";
import { expandHome } from "../util/paths.ts";
import { isFileRefused, KiB, MiB, readRegularFile, readRegularText } from "../util/regular-file.ts";
import type { ExtractEnv, Extractor, RouteContext, Thing } from "./context.ts";

/** Each line of the excerpt is cut here: a backtrace can embed huge printed objects, and the frame names lead each line. */
export const LINE_LIMIT = 400;
/** The whole excerpt is capped here (API payload limits); the session gets the full text's path. */
export const EXCERPT_LIMIT = 100_000;
/** The largest error file read whole (it is saved for the session, and excerpted). */
export const ERROR_FILE_MAX = 16 * MiB;
/** How much of a named file is looked at for an error's shape. */
const SNIFF_BYTES = 64 * KiB;
/** How much of the text the project is ranked by. */
const RANKING_CHARS = 2000;

const ERROR_SHAPE = /(?:^|\s)(?:Traceback \(most recent call last\)|panic:|Debugger entered|Backtrace|backtrace:|Segmentation fault|core dumped|FATAL|fatal error|Uncaught)|\b\w*(?:Error|Exception)\b|^\s+at \S.*(?:\(|:\d+)|^\s*File "[^"]+", line \d+|^\s*#\d+\s+0x[0-9a-f]+|^error(?:\[\w+\])?:/im;

/** Pure: whether the text looks like an error or a backtrace. */
export function looksLikeError(text: string): boolean {
  return ERROR_SHAPE.test(text);
}

/** Pure: the excerpt sent: each line cut at LINE_LIMIT characters, the whole at most EXCERPT_LIMIT (cut at a line's end). */
export function excerpt(text: string, lineLimit = LINE_LIMIT, totalLimit = EXCERPT_LIMIT): { text: string; cut: boolean } {
  let cut = false;
  const out: string[] = [];
  let size = 0;
  for (const line of text.replace(/\r\n/g, "\n").replace(/\n+$/, "").split("\n")) {
    const short = line.length > lineLimit ? (cut = true, line.slice(0, lineLimit)) : line;
    const add = short.length + (out.length > 0 ? 1 : 0);
    if (size + add > totalLimit) { cut = true; break; }
    out.push(short);
    size += add;
  }
  return { text: out.join("\n"), cut };
}

/** Pure: the request a backtrace makes: fix it, the full text's path, the excerpt. */
export function backtracePrompt(excerptText: string, cut: boolean, file: string): string {
  const note = cut ? ` The excerpt below is shortened (each line cut at ${LINE_LIMIT} characters, at most ${EXCERPT_LIMIT.toLocaleString("en-US")} characters); read the file for the rest.` : "";
  return `Find the cause of this error and fix it. The full text is saved in ${file}.${note}\n\n${excerptText}`;
}

/** Pure: whether the thing names one existing file (the error text is then that file's). */
function namedFile(thing: Thing, env: Record<string, string | undefined>): string | null {
  const line = thing.text.trim();
  if (line === "" || line.includes("\n") || line.length > 4096) return null;
  const path = resolve(thing.cwd, expandHome(line, env));
  try { return statSync(path).isFile() ? path : null; } catch { return null; }
}

/** I/O: the full text saved under the state directory; the session is handed its path. */
function saveFull(stateDir: string, text: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = join(stateDir, "route", `backtrace-${stamp}-${randomBytes(3).toString("hex")}.txt`);
  writeFileAtomic(file, text, 0o600);
  return file;
}

function extractBacktrace(thing: Thing, env: ExtractEnv): RouteContext {
  const file = namedFile(thing, env.env);
  let full = thing.text;
  if (file) {
    try { full = readRegularText(file, { maxBytes: ERROR_FILE_MAX }); } catch (error) {
      if (isFileRefused(error)) throw new AgentmuxError(`error file ${error.message}`, { hint: "pass a file holding just the error text or backtrace, or the text itself" });
      throw new AgentmuxError(`error file ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { hint: "check its permissions" });
    }
    if (full.trim() === "") throw new AgentmuxError(`error file ${file} is empty`, { hint: "pass a file holding the error text or backtrace" });
  }
  const saved = saveFull(env.stateDir, full);
  const short = excerpt(full);
  return {
    kind: "error text or backtrace",
    payload: backtracePrompt(short.text, short.cut, saved),
    submit: true,
    // A running session asks nothing: the text is only ranked for a new one.
    ...(env.resolveDirectory ? { text: short.text.slice(0, RANKING_CHARS) } : {}),
    undo: () => rmSync(saved, { force: true }),
  };
}

/** I/O: whether the file the thing names holds an error's shape in its first lines (an unreadable one is left to extract, which says why). */
function namesErrorFile(thing: Thing): boolean {
  const file = namedFile(thing, process.env);
  if (file === null) return false;
  try {
    return looksLikeError(readRegularFile(file, { maxBytes: SNIFF_BYTES, head: true }).toString("utf8"));
  } catch {
    return true;
  }
}

export const backtrace: Extractor = {
  kind: "error text or backtrace",
  matches: (thing: Thing) => looksLikeError(thing.text) || namesErrorFile(thing),
  extract: async (thing: Thing, env: ExtractEnv) => extractBacktrace(thing, env),
};
