import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ASK_OPTION } from "../../src/core/ask.ts";
import { commitRepo, GIT_ENV } from "../helpers/git-repo.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { boxed, Person, PLUGIN, styleOf } from "../helpers/client.ts";

/**
 * The switcher read without colour, with what each session wants, and the preview of the
 * highlighted session: a real client presses prefix S, Tab, the arrows.
 */
describe("the switcher's state glyphs, wants column and preview", () => {
  const server = new TestServer();
  const viewer = new TestServer();
  const person = new Person(server, viewer);
  const panes: Record<string, string> = {};
  const prefFile = () => join(server.home, "state", "switcher.json");
  const closed = () => person.waitForScreen(/^(?![\s\S]*esc quit)/);
  const open = async () => {
    for (let attempt = 0; ; attempt++) {
      await person.type("C-b", "S");
      try {
        return await person.waitForScreen(/esc quit/, 4000);
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  };
  const close = async () => { await person.type("Escape"); await closed(); };

  before(async () => {
    await server.start();
    await viewer.start();
    await server.tmux(["set-option", "-g", "@agentmux-daemon", "off"]);
    await server.tmux(["run-shell", PLUGIN]);
    await person.attach();
    // cat echoes what is typed: each pane's screen carries a line of its own to preview.
    // gamma's directory is a repository: its diff view has something to show.
    await commitRepo(join(server.work, "gamma"), { ...server.env, ...GIT_ENV, GIT_CONFIG_GLOBAL: "/dev/null" }, { "g.txt": "first line\n" });
    for (const name of ["alpha", "beta", "gamma"]) {
      mkdirSync(join(server.work, name), { recursive: true });
      const r = await server.cli(["new", "--command", "cat", "--dir", join(server.work, name), "--detached"]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      panes[name] = String(r.stdout).trim();
      await server.tmux(["send-keys", "-t", panes[name]!, "-l", `screen of ${name} #{pane_id} %4 日本`]);
      await server.tmux(["send-keys", "-t", panes[name]!, "Enter"]);
    }
    writeFileSync(join(server.work, "gamma", "g.txt"), "first line\nsecond line from gamma\n");
    await server.cli(["daemon", "stop"]);
    const now = Date.now();
    const set = (pane: string, values: Record<string, string>) => Promise.all(Object.entries(values).map(([k, v]) => server.tmux(["set-option", "-p", "-t", pane, k, v])));
    // What the daemon publishes once it reads a dialog: set here by hand, as JSON on the pane.
    const ask = { kind: "permission", summary: "Bash: touch /tmp/x #1 %2", text: ["Bash", "touch /tmp/x"], options: ["Yes", "No"], dialog: "abc", source: "hook", at: now };
    await set(panes["alpha"]!, { "@agentmux-state": "working", "@agentmux-state-since": String(now - 5_000) });
    await set(panes["beta"]!, { "@agentmux-state": "blocked", "@agentmux-state-since": String(now - 30_000), [ASK_OPTION]: JSON.stringify(ask) });
    await set(panes["gamma"]!, { "@agentmux-state": "waiting", "@agentmux-state-since": String(now - 60_000), [ASK_OPTION]: JSON.stringify({ ...ask, kind: "answer", summary: "All 12 tests pass", options: [] }) });
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await viewer.stop();
    await server.stop();
  });

  it("shows each state's glyph and what a session wants, the ones that need you first", async () => {
    const screen = await open();
    const lines = boxed(screen).filter((l) => l.trim() !== "");
    assert.equal(lines[0], " needs you (2)", lines.join("\n"));
    assert.match(lines[1]!, /^›[a-z] ⚠ ▸ beta\s+30s {2}Bash: touch \/tmp\/x #1 %2$/);
    assert.match(lines[2]!, /^ [a-z] ● ▸ gamma\s+1m {2}All 12 tests pass$/);
    assert.equal(lines[3], " others (1)");
    assert.match(lines[4]!, /^ [a-z] ◐ ▸ alpha\s+⏱ \d+s$/);
    assert.match(lines[lines.length - 1]!, /tab preview/);
    assert.ok(!existsSync(prefFile()), "nothing remembered before the first toggle");
    await close();
  });

  it("Tab shows the highlighted pane's screen below the list, following the highlight; it is remembered", async () => {
    await open();
    await person.type("Tab");
    let screen = await person.waitForScreen(/screen of beta/);
    assert.match(screen, /── beta ─/);
    assert.ok(screen.includes("screen of beta #{pane_id} %4 日本"), screen);
    assert.doesNotMatch(screen, /screen of (alpha|gamma)/);
    await person.type("Down");
    screen = await person.waitForScreen(/screen of gamma/);
    assert.match(screen, /── gamma ─/);
    assert.doesNotMatch(screen, /screen of beta/);
    assert.deepEqual(JSON.parse(readFileSync(prefFile(), "utf8")), { preview: true });
    await close();
  });

  it("opens with the preview on next time; Tab shows the diff view, then turns it off for the next opening too", async () => {
    await open();
    await person.waitForScreen(/── beta ─[\s\S]*screen of beta/);
    await person.type("Tab");
    // The diff view: what the session changed (its directory is in no repository here: said so).
    await person.waitForScreen(/── beta · diff \(Tab: off\)[\s\S]*not in a git repository/);
    await person.type("Tab");
    await person.waitForScreen(/^(?![\s\S]*── beta)/);
    // Written once the popup has redrawn: under load a moment after the screen shows it.
    await server.waitFor("the preference saved", () => JSON.stringify(JSON.parse(readFileSync(prefFile(), "utf8"))) === JSON.stringify({ preview: false }));
    await close();
    const screen = await open();
    await new Promise((r) => setTimeout(r, 500));
    assert.doesNotMatch(screen + (await person.screen()), /screen of beta|── beta/);
    await close();
  });

  it("the diff view shows what the highlighted session changed since it started; queued review comments show on its row", async () => {
    // A review queued for gamma's process (agentmux review while it worked): its row says so.
    const hash = String((await server.tmux(["display-message", "-p", "-t", panes["gamma"]!, "#{@agentmux-token-hash}"])).stdout).trim();
    mkdirSync(join(server.home, "state", "reviews"), { recursive: true });
    writeFileSync(join(server.home, "state", "reviews", `queued-${hash}.json`), JSON.stringify({ pane: panes["gamma"], tokenHash: hash, message: "m", comments: 2, at: 0 }));
    const listed = await open();
    assert.match(listed, /gamma .*✉ 2 review comments queued/);
    await close();
    await open();
    await person.type("Tab");
    await person.waitForScreen(/── beta ─/);
    await person.type("Down");
    await person.waitForScreen(/── gamma ─[\s\S]*screen of gamma/);
    await person.type("Tab");
    const screen = await person.waitForScreen(/── gamma · diff \(Tab: off\)[\s\S]*\+second line from gamma/);
    assert.match(screen, /changes since the commit it started at/);
    assert.match(screen, /g\.txt \| modified {2}\+1 -0/);
    await person.type("Tab");
    await person.waitForScreen(/^(?![\s\S]*── gamma)/);
    await close();
  });

  it("with NO_COLOR the popup draws no colour at all, and still reads: glyphs, the › marker, the headings", async () => {
    await server.tmux(["set-environment", "-g", "NO_COLOR", "1"]);
    try {
      await open();
      await person.type("Tab");
      await person.waitForScreen(/screen of beta/);
      const coloured = await person.screen(true);
      const inside = coloured.split("\n").filter((l) => /│.*│/.test(l)).map((l) => l.slice(l.indexOf("│") + 1, l.lastIndexOf("│")));
      assert.ok(inside.some((l) => l.includes("needs you")), coloured);
      for (const line of inside) assert.doesNotMatch(line, /\x1b\[(?!0?m|39m|49m)[0-9;]*m/, JSON.stringify(line));
      assert.equal(styleOf(coloured, "beta")?.fg, "", "blocked is not red");
      assert.equal(styleOf(coloured, "beta")?.bold, false);
      const plain = boxed(await person.screen());
      assert.ok(plain.some((l) => /^›[a-z] ⚠ ▸ beta/.test(l)), plain.join("\n"));
      await person.type("Tab");
      await person.waitForScreen(/── beta · diff/);
      await person.type("Tab");
      await close();
    } finally {
      await server.tmux(["set-environment", "-gu", "NO_COLOR"]);
    }
  });
});
