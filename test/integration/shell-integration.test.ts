import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { ROOT, TestServer } from "../helpers/tmux-server.ts";

/**
 * A plain shell pane (not an agent) notifies when a command fails, through its shell's integration
 * file (shell/agentmux.bash, .zsh, .fish) sourced in an interactive shell without rc files.
 */
for (const [shell, command, file] of [
  ["bash", "bash --norc --noprofile -i", "agentmux.bash"],
  ["zsh", "zsh -f -i", "agentmux.zsh"],
  ["fish", "fish --no-config -i", "agentmux.fish"],
] as const) {
  describe(`shell integration (${shell})`, () => {
    const server = new TestServer();
    const out = join(server.home, "notified.txt");
    before(async () => {
      await server.start();
      writeConfig(server.home, { notify: { command: `cat >> ${out}` } });
      await server.cli(["daemon", "start"]);
    });
    after(async () => {
      await server.cli(["daemon", "stop"]);
      await server.stop();
    });

    it("a failed command is reported with its exit status; a successful one is not", async () => {
      // A window made after the daemon started: it has AGENTMUX_SOCK from tmux's global environment.
      const pane = String((await server.tmux(["new-window", "-d", "-n", "build", "-P", "-F", "#{pane_id}", command])).stdout).trim();
      await server.tmux(["send-keys", "-t", pane, `source ${join(ROOT, "shell", file)}`, "Enter"]);
      await server.tmux(["send-keys", "-t", pane, "true", "Enter"]);
      await server.tmux(["send-keys", "-t", pane, "sh -c 'exit 3'", "Enter"]);
      await server.waitFor("the failure notified", () => existsSync(out) && readFileSync(out, "utf8").includes("failed (exit 3)"));
      const text = readFileSync(out, "utf8");
      assert.match(text, /^base:build: sh -c 'exit 3' failed \(exit 3\)$/m);
      assert.equal(text.trim().split("\n").length, 1, "true did not notify");
    });
  });
}
