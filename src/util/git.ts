import { execFile } from "node:child_process";
import { AgentmuxError } from "./errors.ts";

type Env = Record<string, string | undefined>;

export interface GitRun { ok: boolean; out: string; err: string; code: number }

/**
 * I/O: run git with these arguments (a `-C DIR` among them says where), in the given environment
 * only; never throws for git's own failure (ok false, its words in err), only when git is not
 * installed. Output is kept whole but for the final newline. (node:child_process, not execa: the
 * kill key's fast path may reach it.)
 */
export function git(args: string[], env: Env = process.env, options: { maxBuffer?: number } = {}): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    const child = execFile("git", args, { env: env as NodeJS.ProcessEnv, encoding: "utf8", maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") {
        reject(new AgentmuxError("git is not installed (not found on PATH)", { hint: "install git" }));
        return;
      }
      const trim = (text: string) => text.replace(/\n$/, "");
      resolve({ ok: code === 0, out: trim(String(stdout)), err: trim(String(stderr)), code });
    });
    child.stdin?.end();
  });
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
