import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { accessSync, constants, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { ROOT, TestServer } from "../helpers/tmux-server.ts";

const out = async (server: TestServer, args: string[]) => String((await server.tmux(args)).stdout);

/**
 * TPM's way: the checkout sits in ~/.tmux/plugins/agentmux, and TPM (itself run by run-shell, so
 * $TMUX names the server) runs every executable *.tmux file at the plugin's root, nothing deeper.
 */
describe("installed the TPM way", () => {
  const server = new TestServer();
  const plugin = join(server.home, ".tmux", "plugins", "agentmux");
  before(async () => {
    await server.start();
    mkdirSync(join(server.home, ".tmux", "plugins"), { recursive: true });
    symlinkSync(ROOT, plugin);
    await server.tmux(["set-option", "-g", "@agentmux-daemon", "off"]);
  });
  after(() => server.stop());

  it("the plugin's root holds an executable *.tmux file", () => {
    const entries = readdirSync(plugin).filter((f) => f.endsWith(".tmux"));
    assert.deepEqual(entries, ["agentmux.tmux"]);
    accessSync(join(plugin, "agentmux.tmux"), constants.X_OK);
  });

  it("running the root's *.tmux files with $TMUX set, as TPM does, binds agentmux's keys", async () => {
    assert.doesNotMatch(await out(server, ["list-keys", "-N", "-T", "prefix"]), /agentmux:/, "nothing bound before");
    const tmuxVar = (await out(server, ["display-message", "-p", "#{socket_path},#{pid},0"])).trim();
    for (const file of readdirSync(plugin).filter((f) => f.endsWith(".tmux"))) {
      const r = await execa(join(plugin, file), [], { env: { ...server.env, TMUX: tmuxVar, HOME: server.home }, extendEnv: false, reject: false, cwd: server.home });
      assert.equal(r.exitCode, 0, String(r.stderr));
    }
    const notes = (await out(server, ["list-keys", "-N", "-T", "prefix"])).split("\n").filter((l) => l.includes("agentmux:")).map((l) => l.replace(/\s+/g, " ").trim());
    assert.deepEqual(notes, [
      "B agentmux: jump to the notified session, else the next waiting one",
      "N agentmux: inbox",
      "P agentmux: captured prompts (then c or i)",
      "S agentmux: switch session",
      "T agentmux: route the paste buffer",
      "Z agentmux: snooze or wake this session",
      "a agentmux: menu",
      "e agentmux: side conversations (then b, q, r, k or s)",
    ]);
    assert.match(await out(server, ["list-keys", "-T", "prefix", "a"]), new RegExp(`${plugin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/bin/agentmux\\.js' menu --client`));
  });
});
