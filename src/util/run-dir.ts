import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { checkPrivateDir } from "./private-dir.ts";

/**
 * A fresh private directory (0700, the user's own) for one run of a model CLI about no project,
 * under agentmux's state directory, removed afterwards. Never /tmp or another shared directory: a
 * CLI loads hooks and instructions from where it runs (Claude Code's .claude/settings.json and
 * CLAUDE.md), which anyone could have put there.
 */
export async function inPrivateRunDir<T>(stateDir: string, run: (dir: string) => Promise<T>): Promise<T> {
  const parent = join(stateDir, "runs");
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  checkPrivateDir(parent, "XDG_STATE_HOME");
  const dir = mkdtempSync(join(parent, "run-"));
  try {
    return await run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
