import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { boxed, Person, PLUGIN, styleOf } from "../helpers/client.ts";
import { displayWidth } from "../../src/util/width.ts";

/** The switcher as a person uses it: prefix S opens the popup, a key jumps, / filters. */
describe("the session switcher in a popup", () => {
  const server = new TestServer();
  const viewer = new TestServer();
  const person = new Person(server, viewer);
  const panes: Record<string, string> = {};
  const setPane = (pane: string, values: Record<string, string>) =>
    Promise.all(Object.entries(values).map(([k, v]) => server.tmux(["set-option", "-p", "-t", pane, k, v])));
  const isRow = (line: string) => /^[ ›][a-z;0-9] [⚠●◍◐○✕◌?]z? *[✻◎◇✦▸] /.test(line);
  const closed = () => person.waitForScreen(/^(?![\s\S]*(esc quit|press any key))/);
  // tmux ignores display-popup while the client's previous popup is still being torn down:
  // press the key again if no popup shows.
  const open = async () => {
    for (let attempt = 0; ; attempt++) {
      await person.type("C-b", "S");
      try {
        return await person.waitForScreen(/esc quit|press any key/, 4000);
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  };

  before(async () => {
    await server.start();
    await viewer.start();
    await server.tmux(["set-option", "-g", "@agentmux-daemon", "off"]);
    await server.tmux(["run-shell", PLUGIN]);
    await person.attach();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await viewer.stop();
    await server.stop();
  });

  it("with no sessions it says so and points to agentmux new", async () => {
    const screen = await open();
    assert.match(screen, /No agent sessions on this tmux server\./);
    assert.match(screen, /Start one with: agentmux new/);
    await person.type("x");
    await closed();
  });

  it("lists the sessions that need you first (blocked, then waiting), the others after, aligned, glyph and colour by state, and a key jumps at once", async () => {
    for (const name of ["api", "日本語", "web"]) {
      mkdirSync(join(server.work, name), { recursive: true });
      const r = await server.cli(["new", "--command", "sleep 600", "--dir", join(server.work, name), "--detached"]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      panes[name] = String(r.stdout).trim();
    }
    await server.cli(["daemon", "stop"]);
    const now = Date.now();
    // Its account as a session started under one has it (a plain command runs under none).
    await setPane(panes["api"]!, { "@agentmux-state": "waiting", "@agentmux-state-since": String(now - 125_000), "@agentmux-account": "work" });
    await setPane(panes["日本語"]!, { "@agentmux-state": "blocked", "@agentmux-state-since": String(now - 12_000), "@agentmux-status-text": "Waiting for your decision on #1", "@agentmux-status-stale": "1" });
    await setPane(panes["web"]!, { "@agentmux-state": "working", "@agentmux-state-since": String(now - 95_000) });

    const screen = await open();
    const lines = boxed(screen).filter((l) => l.trim() !== "");
    assert.deepEqual([lines[0], lines[3]], [" needs you (2)", " others (1)"], lines.join("\n"));
    const rows = lines.filter(isRow);
    assert.match(rows[0]!, /^›s ⚠ ▸ 日本語\s+1[2-9]s {2}Waiting for your decision on #1$/);
    assert.match(rows[1]!, /^ a ● ▸ api {5}work\s+2m$/);
    assert.match(rows[2]!, /^ d ◐ ▸ web\s+⏱ 1m[34]\ds$/);
    // Columns line up by display width (日本語 is 3 characters, 6 columns): the ages end in one column.
    const ageEnd = (r: string) => displayWidth(r.slice(0, r.search(/(?:\d+[smhd]|⏱ \S+)(?: {2}|$)/))) + (/(?:\d+[smhd]|⏱ \S+)(?= {2}|$)/.exec(r)?.[0].length ?? 0);
    assert.equal(new Set(rows.slice(0, 3).map(ageEnd)).size, 1, rows.join("\n"));
    assert.match(lines[lines.length - 1]!, /s a d jump · \/ filter · tab preview · ↑↓ ⏎ · esc quit/);

    const colours = await person.screen(true);
    assert.equal(styleOf(colours, "api")?.fg, "33", "waiting is yellow");
    assert.equal(styleOf(colours, "日本語")?.fg, "31", "blocked is red");
    assert.equal(styleOf(colours, "web")?.fg, "", "working has no state colour");
    assert.equal(styleOf(colours, "work")?.dim, true, "the account is dim");
    assert.equal(styleOf(colours, "Waiting for your decision")?.italic, true, "stale status text is italic");

    await person.type("s");
    await person.waitForPane(panes["日本語"]!);
    await closed();
  });

  it("typing after / filters fuzzily and Enter takes the best match", async () => {
    await open();
    await person.type("/", "w", "e");
    const screen = await person.waitForScreen(/\/we▏/);
    const rows = boxed(screen).filter((l) => isRow(l));
    assert.match(rows[0] ?? "", /^›d ◐ ▸ web/, "the best match first, highlighted");
    assert.ok(!rows.some((r) => r.includes("api")), "api does not match");
    await person.type("Enter");
    await person.waitForPane(panes["web"]!);
    await closed();
  });

  it("Escape closes it without moving", async () => {
    await open();
    await person.type("Escape");
    await closed();
    assert.equal(await person.pane(), panes["web"]);
  });

  it("snoozed sessions come last under their heading, dim italic, marked z, and keep their key", async () => {
    await setPane(panes["api"]!, { "@agentmux-snoozed": "1" });
    const screen = await open();
    const rows = boxed(screen).filter((l) => isRow(l));
    assert.deepEqual(rows.map((r) => r.slice(1, 2)), ["s", "d", "a"]);
    assert.match(rows[2]!, /^ a ●z ▸ api/);
    assert.ok(boxed(screen).includes(" snoozed (1)"), screen);
    const colours = await person.screen(true);
    const style = styleOf(colours, "api");
    assert.equal(style?.dim && style.italic, true);
    assert.notEqual(style?.fg, "33");
    await person.type("a");
    await person.waitForPane(panes["api"]!);
    await closed();
    await setPane(panes["api"]!, { "@agentmux-snoozed": "" });
  });

  it("refreshes every 5 s while open", async () => {
    await open();
    await setPane(panes["web"]!, { "@agentmux-status-text": "Running the test suite" });
    await person.waitForScreen(/Running the test suite/, 8000);
    await person.type("Escape");
    await closed();
  });

  it("annotations come from the configured commands: first non-empty answer, a failing one shows nothing", async () => {
    writeConfig(server.home, {
      switcher: {
        annotations: [
          "exit 3",
          'test "$AGENTMUX_SESSION_NAME" = web && printf "  branch\\n  main  "',
          'test "$1" = "$AGENTMUX_SESSION" && echo "pane $1"',
        ],
      },
    });
    const screen = await open();
    await person.waitForScreen(/branch main/);
    const rows = boxed(await person.screen()).filter((l) => isRow(l));
    assert.match(rows.find((r) => r.includes("web")) ?? "", /web\s+branch main\s+⏱/);
    assert.match(rows.find((r) => r.includes("api")) ?? "", new RegExp(`api\\s+work\\s+pane ${panes["api"]}`));
    assert.doesNotMatch(screen, /exit 3|error/i);
    await person.type("Escape");
    await closed();
  });

  it("nests a side conversation under its parent in the same section, marked [side]", async () => {
    writeConfig(server.home, {});
    mkdirSync(join(server.work, "aside"), { recursive: true });
    const r = await server.cli(["new", "--command", "sleep 600", "--dir", join(server.work, "aside"), "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const side = String(r.stdout).trim();
    // What `agentmux side` records on the side's pane: its parent and the policy version. The
    // parent is among the others, as the side is (a side nests only within its parent's section).
    await setPane(side, { "@agentmux-parent": panes["web"]!, "@agentmux-side": "1" });
    await open();
    const rows = boxed(await person.waitForScreen(/aside \[side\]/)).filter((l) => isRow(l) || l.includes("[side]"));
    const at = rows.findIndex((l) => / web\b/.test(l));
    assert.ok(at >= 0, rows.join("\n"));
    assert.match(rows[at + 1] ?? "", /└ aside \[side\]/, rows.join("\n"));
    await person.type("Escape");
    await closed();
  });
});
