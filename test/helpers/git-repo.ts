import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";

/** An author and committer for test commits, and no system config (a global one the test points at /dev/null). */
export const GIT_ENV = { GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com", GIT_CONFIG_NOSYSTEM: "1" };

/** A repository at dir on branch main, with one commit holding `files` (paths relative to dir). */
export async function commitRepo(dir: string, env: Record<string, string>, files: Record<string, string>): Promise<void> {
  const git = (args: string[]) => execa("git", args, { cwd: dir, env, extendEnv: false });
  mkdirSync(dir, { recursive: true });
  await git(["init", "-q", "-b", "main"]);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  await git(["add", "."]);
  await git(["commit", "-q", "-m", "one"]);
}
