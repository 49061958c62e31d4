// Runs a command (the test runner) with TMPDIR set to a fresh directory of its own, and removes
// that directory afterwards, whatever the command left in it: tests make scratch directories with
// mkdtemp under os.tmpdir(), and not every one is removed when a test fails or a process is killed.
// Usage: node scripts/scratch-tmp.mjs COMMAND [ARG...]; exits with the command's code.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write("usage: node scripts/scratch-tmp.mjs COMMAND [ARG...]\n");
  process.exit(2);
}
const scratch = mkdtempSync(join(tmpdir(), "agentmux-tests-"));
// Traversable by other users, like /tmp itself: a test runs a command as a second local user
// inside its home (test/integration/runtime-dir.test.ts); each test's own home stays private.
chmodSync(scratch, 0o755);
const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, TMPDIR: scratch } });
const forward = (signal) => child.kill(signal);
process.on("SIGINT", forward);
process.on("SIGTERM", forward);
child.on("exit", (code, signal) => {
  // A killed test's tmux server or agent may still be writing: a few tries.
  for (let i = 0; i < 5; i++) {
    try { rmSync(scratch, { recursive: true, force: true }); break; } catch { /* busy: again */ }
  }
  process.exit(code ?? (signal ? 128 : 1));
});
