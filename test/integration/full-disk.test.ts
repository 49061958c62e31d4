import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { writeConfig } from "../helpers/config.ts";
import { CLI } from "../helpers/tmux-server.ts";

const root = typeof process.getuid === "function" && process.getuid() === 0;

/**
 * A full disk or a read-only state directory is the machine's state, not agentmux's bug: the verbs
 * that write there (allow, remote pair, account select) say which file could not be written and why,
 * and exit 1, without a stack trace. The state directory is a tiny tmpfs the test fills (root only).
 */
describe("a full or read-only state directory is reported, not a crash", { skip: root ? false : "needs root to mount a tmpfs" }, () => {
  const home = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-full-")));
  const agentmuxHome = join(home, "agentmux");
  const state = join(agentmuxHome, "state");
  const project = join(home, "proj");
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("AGENTMUX_") && !["TMUX", "TMUX_PANE", "CLAUDE_CONFIG_DIR", "CODEX_HOME"].includes(k)) env[k] = v;
  Object.assign(env, { HOME: home, AGENTMUX_HOME: agentmuxHome });
  const run = (args: string[]) => execa("node", [CLI, ...args], { env, extendEnv: false, reject: false, cwd: home });
  const verbs = [["allow", project], ["remote", "pair"], ["account", "select", "claude", "personal"]];

  before(async () => {
    mkdirSync(state, { recursive: true });
    mkdirSync(project, { recursive: true });
    mkdirSync(join(home, ".claude-personal"), { recursive: true });
    writeFileSync(join(project, ".agentmux.yml"), "sessions:\n  - name: web\n");
    writeConfig(agentmuxHome, { backends: { claude: { accounts: { personal: "~/.claude-personal" } } } });
    await execa("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", state]);
    // Filled to the last block.
    await execa("sh", ["-c", `dd if=/dev/zero of='${join(state, "fill")}' bs=4k 2>/dev/null; true`]);
  });
  after(async () => {
    await execa("umount", [state], { reject: false });
    rmSync(home, { recursive: true, force: true });
  });

  it("on a full disk: which file, ENOSPC, exit 1, no stack trace", async () => {
    for (const args of verbs) {
      const r = await run(args);
      assert.equal(r.exitCode, 1, `${args.join(" ")}: ${String(r.stderr)}`);
      assert.match(String(r.stderr), new RegExp(`^agentmux: cannot write ${state}/\\S+: the disk is full \\(ENOSPC\\) \\(free some space`), args.join(" "));
      assert.doesNotMatch(String(r.stderr), /\n\s+at /, "no stack trace");
    }
  });

  it("on a read-only filesystem: EROFS, exit 1, and where to point agentmux instead", async () => {
    await execa("mount", ["-o", "remount,ro", state]);
    for (const args of verbs) {
      const r = await run(args);
      assert.equal(r.exitCode, 1, `${args.join(" ")}: ${String(r.stderr)}`);
      assert.match(String(r.stderr), /the filesystem is read-only \(EROFS\) \(point agentmux at a writable place/, args.join(" "));
    }
  });
});
