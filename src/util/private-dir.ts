import { chmodSync, lstatSync, mkdirSync, openSync, closeSync, type Stats } from "node:fs";
import { AgentmuxError } from "./errors.ts";

const myUid = (): number => (typeof process.getuid === "function" ? process.getuid() : -1);

function lstatOrNull(path: string): Stats | null {
  try { return lstatSync(path); } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, "0");

/**
 * Why a directory that holds hook payloads, tokens and the daemon's socket may not be used (it
 * is not a directory of the current user's, or someone else may read or write it), or null.
 */
export function privateDirProblem(dir: string, stats: Stats, elsewhere = "XDG_RUNTIME_DIR"): AgentmuxError | null {
  const uid = myUid();
  if (stats.isSymbolicLink() || !stats.isDirectory()) {
    return new AgentmuxError(`${dir} is not a directory but a ${stats.isSymbolicLink() ? "symbolic link" : "file"}: agentmux keeps hook payloads and tokens there`, { hint: `remove it (rm ${dir}); agentmux creates it again, mode 0700` });
  }
  if (uid >= 0 && stats.uid !== uid) {
    return new AgentmuxError(`${dir} belongs to uid ${stats.uid}, not to you (uid ${uid}): its owner could read hook payloads and tokens and cut the daemon off`, { hint: `have it removed (sudo rm -rf ${dir}), or set ${elsewhere} to a directory of your own` });
  }
  if ((stats.mode & 0o077) !== 0) {
    return new AgentmuxError(`${dir} is open to other users (mode ${octal(stats.mode)}): they could read hook payloads and tokens, or plant events`, { hint: `chmod 700 ${dir}, or remove it (rm -rf ${dir})` });
  }
  return null;
}

/** Throw when dir exists and is not private to the current user; answer whether it exists. */
export function checkPrivateDir(dir: string, elsewhere?: string): boolean {
  const stats = lstatOrNull(dir);
  if (!stats) return false;
  const problem = privateDirProblem(dir, stats, elsewhere);
  if (problem) throw problem;
  return true;
}

/** Create dir (mode 0700; its parent must exist) unless it exists, and refuse one that is not private. */
export function makePrivateDir(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  checkPrivateDir(dir);
}

/**
 * A directory of the user's own (the state directory in their home): created 0700, tightened to
 * 0700 when it is theirs and looser, refused when it belongs to someone else or is a link.
 */
export function tightenOwnDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stats = lstatSync(dir);
  if ((stats.mode & 0o077) !== 0 && stats.isDirectory() && stats.uid === myUid()) chmodSync(dir, 0o700);
  checkPrivateDir(dir, "XDG_STATE_HOME");
}

/** Create a file 0600 (or make an existing one of the user's 0600). */
export function ownPrivateFile(path: string): void {
  closeSync(openSync(path, "a", 0o600));
  const stats = lstatSync(path);
  if ((stats.mode & 0o077) !== 0 && stats.uid === myUid()) chmodSync(path, 0o600);
}

/**
 * Why a model CLI may not run in dir (a batch entry, a skill run with --exec): it is writable by
 * other users (/tmp, a world-writable folder) or belongs to someone else, who could have planted
 * the hooks and instructions the CLI loads from where it runs. Null when it is the user's own.
 */
export function sharedDirProblem(dir: string, stats: Stats): AgentmuxError | null {
  const uid = myUid();
  const shared = (stats.mode & 0o002) !== 0 ? "anyone may write in it" : uid >= 0 && stats.uid !== uid ? `it belongs to uid ${stats.uid}, not to you` : null;
  if (!shared) return null;
  return new AgentmuxError(`${dir} is not a directory of your own (${shared}): a model CLI run there loads whatever hooks and instructions were put in it`, {
    hint: "run it in a project directory of your own (--dir DIR)",
  });
}
