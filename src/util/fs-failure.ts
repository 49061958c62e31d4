import { AgentmuxError } from "./errors.ts";

/** What a failed write or read of a file says to the user, by its error code. */
const WHY: Record<string, { what: string; fix: string }> = {
  ENOSPC: { what: "the disk is full", fix: "free some space on that disk, then try again" },
  EDQUOT: { what: "your disk quota is used up", fix: "free some space, then try again" },
  EROFS: { what: "the filesystem is read-only", fix: "point agentmux at a writable place (XDG_STATE_HOME, XDG_CONFIG_HOME or AGENTMUX_HOME)" },
  EACCES: { what: "permission is denied", fix: "check the owner and mode of that file and its directory" },
  EPERM: { what: "the operation is not permitted", fix: "check the owner and mode of that file and its directory" },
  EIO: { what: "the disk reported an input/output error", fix: "check the disk, then try again" },
  EMFILE: { what: "too many files are open", fix: "close some programs, then try again" },
  ENOTDIR: { what: "a part of the path is not a directory", fix: "remove the file in the way, or point agentmux elsewhere" },
  EISDIR: { what: "it is a directory", fix: "remove the directory in the way, or point agentmux elsewhere" },
};

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

/**
 * A failed write of `path` as the error agentmux reports: which file, what the system said and the
 * fix, instead of a stack trace (a full disk or a read-only directory is the machine's state, not
 * a bug). An AgentmuxError is passed on as it is.
 */
export function writeFailure(path: string, error: unknown): AgentmuxError {
  if (error instanceof AgentmuxError) return error;
  const code = codeOf(error);
  const why = code ? WHY[code] : undefined;
  if (why) return new AgentmuxError(`cannot write ${path}: ${why.what} (${code})`, { hint: why.fix, cause: error });
  // Node's recursive mkdir answers ENOENT where a read-only or full filesystem refused the directory.
  const said = error instanceof Error ? error.message.replace(/^[A-Z]+: /, "") : String(error);
  return new AgentmuxError(`cannot write ${path}: ${said}`, { hint: "check that its directory can be created and written (a full disk or a read-only filesystem refuses it)", cause: error });
}

/** Any filesystem error that names its path (an ENOSPC from mkdir, say), as writeFailure words it; null for anything else. */
export function fsFailure(error: unknown): AgentmuxError | null {
  const e = error as NodeJS.ErrnoException | null;
  if (!(error instanceof Error) || typeof e?.code !== "string" || typeof e.path !== "string" || !WHY[e.code]) return null;
  return writeFailure(e.path, error);
}
