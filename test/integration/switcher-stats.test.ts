import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeConfig } from "../helpers/config.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { Person, PLUGIN } from "../helpers/client.ts";

/** stats.command: its first line for the highlighted session, under the list. */
describe("the switcher's stats line", () => {
  const server = new TestServer();
  const viewer = new TestServer();
  const person = new Person(server, viewer);
  before(async () => {
    await server.start();
    await viewer.start();
    writeConfig(server.home, { stats: { command: 'printf "\\n tokens: 42 for %s \\nsecond line\\n" "$AGENTMUX_SESSION"' } });
    await server.tmux(["set-option", "-g", "@agentmux-daemon", "off"]);
    await server.tmux(["run-shell", PLUGIN]);
    await person.attach();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await viewer.stop();
    await server.stop();
  });

  it("shows the first line stats.command prints for the highlighted session", async () => {
    const r = await server.cli(["new", "--command", "sleep 600", "--dir", server.work, "--instance", "one", "--detached"]);
    const pane = String(r.stdout).trim();
    for (let attempt = 0; ; attempt++) {
      await person.type("C-b", "S");
      try { await person.waitForScreen(/esc quit/, 4000); break; } catch (error) { if (attempt >= 3) throw error; }
    }
    const screen = await person.waitForScreen(new RegExp(`tokens: 42 for ${pane}`));
    assert.doesNotMatch(screen, /second line/);
    await person.type("Escape");
  });
});
