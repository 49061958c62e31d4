import { closeSync, fstatSync, lstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import { git, gitWords } from "../util/git.ts";
import { AgentmuxError } from "../util/errors.ts";
import type { DiffBase } from "./diff-base.ts";

type Env = Record<string, string | undefined>;

/** An untracked file larger than this is listed, not shown. */
export const UNTRACKED_MAX_BYTES = 256 * 1024;
/** The diff's text is cut here (said so). */
export const DIFF_MAX_BYTES = 4 * 1024 * 1024;

export type FileStatus = "added" | "modified" | "deleted" | "renamed" | "copied" | "type" | "untracked";

export interface ChangedFile {
  path: string;
  status: FileStatus;
  /** Lines added and removed; null for a binary file or one not read. */
  added: number | null;
  removed: number | null;
  /** A rename's or copy's origin. */
  from?: string;
  /** Why an untracked file's content is not shown (too large, not a regular file, binary). */
  skipped?: string;
}

export interface SessionDiff extends DiffBase {
  files: ChangedFile[];
  /** The unified diff (committed and uncommitted changes since the base, then the untracked files); "" with --stat. */
  text: string;
  truncated: boolean;
}

const STATUS: Record<string, FileStatus> = { A: "added", M: "modified", D: "deleted", R: "renamed", C: "copied", T: "type" };
const GIT = ["-c", "core.quotepath=false", "-c", "diff.noprefix=false"];

/** Pure: `git diff --name-status -z` and `--numstat -z` (both with -M) joined into files. */
export function changedFiles(nameStatus: string, numstat: string): ChangedFile[] {
  const counts = new Map<string, [number | null, number | null]>();
  const n = numstat.split("\0");
  for (let i = 0; i < n.length; i++) {
    const head = n[i] ?? "";
    if (head === "") continue;
    const [, a = "-", r = "-", path = ""] = /^([^\t]*)\t([^\t]*)\t(.*)$/s.exec(head) ?? [];
    const num = (v: string) => (v === "-" ? null : Number(v));
    // A rename: "a\tr\t" then the origin and the destination as fields of their own.
    const to = path === "" ? (i += 2, n[i] ?? "") : path;
    counts.set(to, [num(a), num(r)]);
  }
  const files: ChangedFile[] = [];
  const s = nameStatus.split("\0");
  for (let i = 0; i < s.length; i++) {
    const code = s[i] ?? "";
    if (code === "") continue;
    const status = STATUS[code[0] ?? ""] ?? "modified";
    if (status === "renamed" || status === "copied") {
      const from = s[++i] ?? "";
      const path = s[++i] ?? "";
      const [added, removed] = counts.get(path) ?? [null, null];
      files.push({ path, status, added, removed, from });
    } else {
      const path = s[++i] ?? "";
      const [added, removed] = counts.get(path) ?? [null, null];
      files.push({ path, status, added, removed });
    }
  }
  return files;
}

/** I/O: an untracked file read only when it is a regular file of at most UNTRACKED_MAX_BYTES (a FIFO or /dev/zero is never opened for reading). */
function readUntracked(root: string, path: string): { text: string } | { skipped: string } {
  const file = join(root, path);
  let st;
  try { st = lstatSync(file); } catch (error) { return { skipped: `unreadable: ${(error as Error).message}` }; }
  if (st.isSymbolicLink()) return { skipped: "a symbolic link" };
  if (!st.isFile()) return { skipped: "not a regular file" };
  if (st.size > UNTRACKED_MAX_BYTES) return { skipped: `larger than ${UNTRACKED_MAX_BYTES / 1024} KiB` };
  let fd: number;
  try { fd = openSync(file, "r"); } catch (error) { return { skipped: `unreadable: ${(error as Error).message}` }; }
  try {
    if (!fstatSync(fd).isFile()) return { skipped: "not a regular file" };
    const buffer = Buffer.alloc(UNTRACKED_MAX_BYTES + 1);
    const got = readSync(fd, buffer, 0, buffer.length, 0);
    if (got > UNTRACKED_MAX_BYTES) return { skipped: `larger than ${UNTRACKED_MAX_BYTES / 1024} KiB` };
    const bytes = buffer.subarray(0, got);
    if (bytes.includes(0)) return { skipped: "binary" };
    return { text: bytes.toString("utf8") };
  } finally {
    closeSync(fd);
  }
}

/** Pure: a new file's content as a unified diff. */
export function newFileDiff(path: string, text: string): string {
  const lines = text === "" ? [] : text.replace(/\n$/, "").split("\n");
  const head = `diff --git a/${path} b/${path}\nnew file (untracked)\n--- /dev/null\n+++ b/${path}\n`;
  if (lines.length === 0) return head;
  const noNewline = text.endsWith("\n") ? "" : "\\ No newline at end of file\n";
  return `${head}@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l}`).join("\n")}\n${noNewline}`;
}

/**
 * I/O: what changed in base's repository since base.base: the working tree (committed and
 * uncommitted changes) against it, and the untracked files (not ignored) as new files. With
 * `stat` only the files and their counts; with `file` only that path.
 */
export async function sessionDiff(base: DiffBase, options: { stat?: boolean; file?: string; env?: Env } = {}): Promise<SessionDiff> {
  const env = options.env ?? process.env;
  const only = options.file !== undefined ? ["--", options.file] : [];
  const run = async (args: string[]) => {
    const r = await git(["-C", base.root, ...GIT, ...args], env);
    if (!r.ok) throw new AgentmuxError(`git ${args[0]} in ${base.root} failed: ${gitWords(r)}`, { hint: "see git's message" });
    return r.out;
  };
  const [nameStatus, numstat, others] = await Promise.all([
    run(["diff", "--no-ext-diff", "--name-status", "-z", "-M", base.base, ...only]),
    run(["diff", "--no-ext-diff", "--numstat", "-z", "-M", base.base, ...only]),
    run(["ls-files", "--others", "--exclude-standard", "-z", ...only]),
  ]);
  const files = changedFiles(nameStatus, numstat);
  const texts: string[] = [];
  if (!options.stat && files.length > 0) texts.push(`${await run(["diff", "--no-ext-diff", "--no-color", "-M", base.base, ...only])}\n`);
  for (const path of others.split("\0").filter(Boolean)) {
    const read = readUntracked(base.root, path);
    if ("skipped" in read) {
      files.push({ path, status: "untracked", added: null, removed: null, skipped: read.skipped });
      if (!options.stat) texts.push(`diff --git a/${path} b/${path}\nnew file (untracked, ${read.skipped}: not shown)\n`);
    } else {
      const lines = read.text === "" ? 0 : read.text.replace(/\n$/, "").split("\n").length;
      files.push({ path, status: "untracked", added: lines, removed: 0 });
      if (!options.stat) texts.push(newFileDiff(path, read.text));
    }
  }
  let text = texts.join("");
  const truncated = Buffer.byteLength(text) > DIFF_MAX_BYTES;
  if (truncated) text = `${Buffer.from(text).subarray(0, DIFF_MAX_BYTES).toString("utf8")}\n[… cut at ${DIFF_MAX_BYTES / 1024 / 1024} MiB: agentmux diff TARGET --file PATH shows one file]\n`;
  return { ...base, files, text, truncated };
}

/** Pure: the --stat lines: each file with its counts, then the totals. */
export function statLines(diff: Pick<SessionDiff, "files">): string[] {
  if (diff.files.length === 0) return ["no changes"];
  const width = Math.min(60, Math.max(...diff.files.map((f) => f.path.length + (f.from ? f.from.length + 4 : 0))));
  const lines = diff.files.map((f) => {
    const name = f.from ? `${f.from} => ${f.path}` : f.path;
    const counts = f.added === null ? (f.skipped ? `(${f.skipped})` : "binary") : `+${f.added} -${f.removed ?? 0}`;
    return ` ${name.padEnd(width)} | ${f.status.padEnd(9)} ${counts}`;
  });
  const added = diff.files.reduce((n, f) => n + (f.added ?? 0), 0);
  const removed = diff.files.reduce((n, f) => n + (f.removed ?? 0), 0);
  return [...lines, ` ${diff.files.length} file${diff.files.length === 1 ? "" : "s"} changed, ${added} insertion${added === 1 ? "" : "s"}(+), ${removed} deletion${removed === 1 ? "" : "s"}(-)`];
}
