import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { writeFileAtomic } from "../../util/atomic-write.ts";
import { keepSibling } from "../../util/backup.ts";
import { detectIndent, isJsonObject, type JsonObject } from "../../util/json.ts";
import { warn } from "../../util/terminal-text.ts";

export const SNAPSHOT_TAG = "agentmux-snapshot";

/** Waits between reads of a .claude.json that does not parse (ms). */
export const RETRY_DELAYS: readonly number[] = [50, 100, 200, 400];

export type ClaudeJsonRead =
  | { kind: "ok"; value: JsonObject; text: string }
  | { kind: "missing" }
  /** Still invalid after every retry; snapshot holds the bytes of the last read (undefined when kept already). */
  | { kind: "invalid"; error: string; snapshot: string | undefined };

export interface ReadOptions {
  delays?: readonly number[];
  /** Told once per file and content of a failure that persists. */
  warn?: (text: string) => void;
  sleep?: (ms: number) => void;
  now?: () => Date;
}

// Synchronous: account sync, its only caller, runs before a launch and is synchronous throughout.
const blockFor = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const stderrWarn = (text: string) => warn(text);
const warned = new Set<string>();

function parse(text: string): JsonObject | string {
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : "not a JSON object";
  } catch (error) {
    // V8 quotes the text it choked on: keep the file's content (tokens, paths) out of the warning.
    return (error as Error).message.replace(/, "[\s\S]*" is not valid JSON$/, "").replace(/\s+/g, " ").slice(0, 120);
  }
}

function read(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** A snapshot of these bytes kept already (by this process or an earlier one). */
function keptAlready(file: string, bytes: Buffer): boolean {
  const prefix = `${basename(file)}.${SNAPSHOT_TAG}-`;
  try {
    return readdirSync(dirname(file)).some((name) => name.startsWith(prefix) && readFileSync(join(dirname(file), name)).equals(bytes));
  } catch {
    return false;
  }
}

/** Keep bytes in `<file>.agentmux-snapshot-<YYYYMMDD-HHMMSS>` (or `-2`, `-3` …), never overwriting one. */
function snapshot(file: string, bytes: Buffer, now: Date): string {
  return keepSibling(file, SNAPSHOT_TAG, now, (target) => writeFileSync(target, bytes, { mode: 0o600, flag: "wx" }));
}

/**
 * Read a Claude Code .claude.json. The CLI rewrites it often, so a read can land mid-write: one
 * that does not parse is retried over increasing delays. A failure that persists is warned about
 * once per file and content, its bytes kept in a snapshot file so a torn read can be told apart
 * from real corruption. A missing file is { kind: "missing" }; other read errors throw.
 */
export function readClaudeJson(file: string, options: ReadOptions = {}): ClaudeJsonRead {
  const delays = options.delays ?? RETRY_DELAYS;
  let bytes: Buffer | undefined;
  let error = "";
  for (let attempt = 0; ; attempt += 1) {
    bytes = read(file);
    if (bytes === undefined) return { kind: "missing" };
    const text = bytes.toString("utf8");
    const parsed = parse(text);
    if (typeof parsed !== "string") return { kind: "ok", value: parsed, text };
    error = parsed;
    const delay = delays[attempt];
    if (delay === undefined) break;
    (options.sleep ?? blockFor)(delay);
  }
  const key = `${file}\0${createHash("sha256").update(bytes).digest("hex")}`;
  if (warned.has(key) || keptAlready(file, bytes)) {
    warned.add(key);
    return { kind: "invalid", error, snapshot: undefined };
  }
  warned.add(key);
  const kept = snapshot(file, bytes, (options.now ?? (() => new Date()))());
  (options.warn ?? stderrWarn)(`${file} is not valid JSON (${error}) after ${delays.length + 1} reads; its bytes are kept in ${kept}; agentmux leaves the file alone until it parses`);
  return { kind: "invalid", error, snapshot: kept };
}

/**
 * Write a .claude.json through a temporary file renamed into place, so a concurrent reader (the
 * CLI itself) never sees half of it. Keeps the file's mode and indentation; a link is followed.
 */
export function writeClaudeJson(file: string, value: JsonObject, previousText = ""): void {
  let target = file;
  let mode = 0o600;
  try {
    if (lstatSync(file).isSymbolicLink()) target = realpathSync(file);
    mode = statSync(target).mode & 0o777;
  } catch { /* a new file */ }
  writeFileAtomic(target, `${JSON.stringify(value, null, detectIndent(previousText))}\n`, mode);
}
