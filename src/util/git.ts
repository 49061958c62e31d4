import { execa } from "execa";

type Env = Record<string, string | undefined>;

export interface GitRun { ok: boolean; out: string; err: string; code: number }

/**
 * I/O: run git with these arguments (a `-C DIR` among them says where), in the given environment
 * only; never throws for git's own failure (ok false, its words in err). Output is kept whole but
 * for the final newline.
 */
export async function git(args: string[], env: Env = process.env, options: { maxBuffer?: number } = {}): Promise<GitRun> {
  const r = await execa("git", args, { env, extendEnv: false, reject: false, stripFinalNewline: true, stdin: "ignore", maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024 });
  return { ok: r.exitCode === 0, out: String(r.stdout), err: String(r.stderr), code: r.exitCode ?? -1 };
}

/** git's last line of complaint, for an error message. */
export function gitWords(run: GitRun): string {
  const lines = `${run.err}\n${run.out}`.trim().split("\n").map((l) => l.trim()).filter(Boolean);
  return lines.at(-1) ?? `git exited ${run.code}`;
}

/** I/O: the commit HEAD names in dir's repository; null when dir is in none (or git is missing, or there is no commit yet). */
export async function headCommit(dir: string, env: Env = process.env): Promise<string | null> {
  try {
    const r = await git(["-C", dir, "rev-parse", "--verify", "-q", "HEAD"], env);
    return r.ok && /^[0-9a-f]{40,64}$/.test(r.out) ? r.out : null;
  } catch {
    return null;
  }
}
