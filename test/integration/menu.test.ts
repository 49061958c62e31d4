import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { boxed, Person, PLUGIN, styleOf } from "../helpers/client.ts";
import { paneOption } from "../helpers/agentmux-session.ts";

/** The menu on prefix a, as a person sees and uses it. */
describe("the agentmux menu", () => {
  const server = new TestServer();
  const viewer = new TestServer();
  const person = new Person(server, viewer);
  let pane = "";
  let base = "";
  const openMenu = async () => {
    await person.type("C-b", "a");
    return boxed(await person.waitForScreen(/prompts… +\(p\)/));
  };
  const gone = (pattern: RegExp) => person.waitForScreen(new RegExp(`^(?![\\s\\S]*${pattern.source})`));

  before(async () => {
    await server.start();
    await viewer.start();
    await server.tmux(["set-option", "-g", "@agentmux-daemon", "off"]);
    await server.tmux(["run-shell", PLUGIN]);
    mkdirSync(join(server.work, "api"));
    pane = String((await server.cli(["new", "--command", "sleep 600", "--dir", join(server.work, "api"), "--instance", "review", "--detached"])).stdout).trim();
    base = String((await server.tmux(["display-message", "-p", "-t", "base:0", "#{pane_id}"])).stdout);
    await person.attach();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await viewer.stop();
    await server.stop();
  });

  it("is laid out Sessions, Account, Current session, Tools, Chief, Prompts, with only commands that exist", async () => {
    await server.tmux(["select-window", "-t", pane]);
    await person.waitForPane(pane);
    const lines = (await openMenu()).map((l) => l.replace(/\s+/g, " ").trim());
    assert.deepEqual(lines, [
      "Sessions", "new session here (n)", "select session (s)", "inbox (i)", "jump to waiting (w)", "list sessions (l)", "resume a past conversation… (c)", "restore sessions (O)",
      "account… (a)",
      "Current session: api:review", "toggle snooze (z)", "rename (r)", "send… (m)", "watch… (v)", "group… (g)", "handoff (h)", "branch (b)", "branch into a worktree (W)", "branches… (B)",
      "side conversation (q)", "restart (R)", "explain its state (e)", "exit (x)", "exit immediately (X)", "kill (k)",
      "changes… (d)",
      "tools… (t)",
      "chief… (C)",
      "prompts… (p)",
      "options… (o)",
    ]);
    await person.type("t");
    const tools = boxed(await person.waitForScreen(/daemon status +\(d\)/)).map((l) => l.replace(/\s+/g, " ").trim());
    assert.deepEqual(tools, ["daemon status (d)", "daemon log (l)", "doctor (D)", "route… (.)", "run skill… (r)"]);
    await person.type("Escape");
    await gone(/daemon log/);
    await openMenu();
    await person.type("p");
    const prompts = boxed(await person.waitForScreen(/insert captured prompt +\(i\)/)).map((l) => l.replace(/\s+/g, " ").trim());
    assert.deepEqual(prompts, ["capture prompt (c)", "insert captured prompt (i)", "batch TODOs… (b)"]);
    await person.type("Escape");
    await gone(/insert captured prompt/);
    await openMenu();
    await person.type("d");
    const changes = boxed(await person.waitForScreen(/merge its worktree +\(m\)/)).map((l) => l.replace(/\s+/g, " ").trim());
    assert.deepEqual(changes, ["diff: what it changed (d)", "review: comment on its changes (r)", "merge its worktree (m)", "worktrees (w)"]);
    await person.type("Escape");
    await gone(/merge its worktree/);
    await openMenu();
    await person.type("C");
    const chief = boxed(await person.waitForScreen(/stop timer +\(x\)/)).map((l) => l.replace(/\s+/g, " ").trim());
    assert.deepEqual(chief, ["start chief (s)", "go to the chief session (g)", "tick now (t)", "add a note… (n)", "set today's plan… (p)", "open state file (o)", "status (i)", "stop timer (x)"]);
    await person.type("Escape");
    await gone(/stop timer/);
    await openMenu();
    await person.type("o");
    const options = boxed(await person.waitForScreen(/theme: auto +\(a\)/)).map((l) => l.replace(/\s+/g, " ").trim());
    assert.deepEqual(options, ["select account… (c)", "theme: light (l)", "theme: dark (d)", "theme: auto (a)"]);
    await person.type("Escape");
    await gone(/theme: auto/);
  });

  it("a opens the Account submenu; its entries run in a popup", async () => {
    await openMenu();
    await person.type("a");
    const account = boxed(await person.waitForScreen(/usage +\(u\)/)).map((l) => l.replace(/\s+/g, " ").trim());
    assert.deepEqual(account, ["list accounts (a)", "select account… (s)", "log in… (l)", "usage (u)"]);
    await person.type("u");
    // The live usage view: it stays until q.
    await person.waitForScreen(/─ usage ─[\s\S]*r refresh · q quit/);
    await person.type("q");
    // The popup itself (its titled border), not only the view: a key typed while it closes is lost.
    await gone(/─ usage ─/);
  });

  it("z snoozes the current session after asking for the hours", async () => {
    await openMenu();
    await person.type("z");
    await person.waitForScreen(/snooze api:review for hours/);
    await person.type("Enter");
    await server.waitFor("snoozed", async () => (await paneOption(server, pane, "@agentmux-snoozed")) === "1");
    await openMenu();
    await person.type("z");
    await server.waitFor("woken", async () => (await paneOption(server, pane, "@agentmux-snoozed")) === "");
  });

  // Answers with quotes, %, #, $ and ; reach the command as typed (never a shell's or tmux's syntax).
  const hostile = `it's %1 #{pane_id} $HOME; "ü" a\\b ~x`;

  it("v arms a watch pattern typed in the prompt; a blank one disarms", async () => {
    await openMenu();
    await person.type("v");
    await person.waitForScreen(/watch api:review for \(extended regex; blank disarms\):/);
    await person.type("-l", hostile);
    await person.type("Enter");
    await server.waitFor("armed", async () => (await paneOption(server, pane, "@agentmux-watch")) === hostile);
    await openMenu();
    await person.type("v");
    await person.waitForScreen(/blank disarms\):/);
    await person.type("Enter");
    await server.waitFor("disarmed", async () => (await paneOption(server, pane, "@agentmux-watch")) === "");
    // Nothing left the pane in view mode (where the next keys typed into it would go).
    assert.equal(String((await server.tmux(["display-message", "-p", "-t", pane, "#{pane_in_mode}"])).stdout), "0");
  });

  it("t r asks for a skill and runs it into the session in a popup; p b asks for a file and batches it there: the answer reaches agentmux whole (quotes, %, $)", async () => {
    await openMenu();
    await person.type("t");
    await person.waitForScreen(/run skill… +\(r\)/);
    await person.type("r");
    await person.waitForScreen(/skill to run in api:review:/);
    await person.type("-l", "review");
    await person.type("Enter");
    // skill run --to this session: a plain command has no skills, and agentmux says so in the popup.
    await person.waitForScreen(/─ skill ─[\s\S]*command has no skills[\s\S]*\(press Enter\)/);
    await person.type("Enter");
    await gone(/─ skill ─/);
    await openMenu();
    await person.type("p");
    await person.waitForScreen(/batch TODOs… +\(b\)/);
    await person.type("b");
    await person.waitForScreen(/batch the TODOs of file:/);
    await person.type("-l", `it's 50% $HOME "x".md`);
    await person.type("Enter");
    // No such file: agentmux names exactly what was typed.
    await person.waitForScreen(/─ batch ─[\s\S]*it's 50% \$HOME "x"\.md[\s\S]*\(press Enter\)/);
    await person.type("Enter");
    await gone(/─ batch ─/);
  });

  it("g sets the session's group (its current one offered), a blank answer clears it", async () => {
    await openMenu();
    await person.type("g");
    await person.waitForScreen(/group of api:review \(blank: none\):/);
    await person.type("-l", "web-1");
    await person.type("Enter");
    await server.waitFor("grouped", async () => (await paneOption(server, pane, "@agentmux-group")) === "web-1");
    await openMenu();
    await person.type("g");
    await person.waitForScreen(/group of api:review \(blank: none\): web-1/);
    await person.type("C-u", "Enter");
    await server.waitFor("ungrouped", async () => (await paneOption(server, pane, "@agentmux-group")) === "");
  });

  it("m types the text into the session and submits it", async () => {
    await openMenu();
    await person.type("m");
    await person.waitForScreen(/send to api:review:/);
    await person.type("-l", hostile);
    await person.type("Enter");
    // The session runs sleep: the terminal echoes what was typed, literally.
    await server.waitFor("the text in the session", async () => (await server.capture(pane)).includes(hostile));
  });

  it("s opens the switcher, whose key jumps", async () => {
    await server.tmux(["select-window", "-t", base]);
    await person.waitForPane(base);
    await openMenu();
    await person.type("s");
    await person.waitForScreen(/esc quit/);
    await person.type("a");
    await person.waitForPane(pane);
    await gone(/esc quit/);
  });

  it("outside a session the current-session entries are dimmed", async () => {
    await server.tmux(["select-window", "-t", base]);
    await person.waitForPane(base);
    const lines = (await openMenu()).map((l) => l.replace(/\s+/g, " ").trim());
    assert.ok(lines.includes("Current session"), lines.join("\n"));
    const colours = await person.screen(true);
    assert.equal(styleOf(colours, "toggle snooze")?.dim, true);
    assert.equal(styleOf(colours, "select session")?.dim, false);
    assert.equal(styleOf(colours, "kill")?.dim, true);
    assert.equal(styleOf(colours, "watch…")?.dim, true);
    await person.type("Escape");
    await gone(/tools…/);
  });

  it("k kills the session after asking in a popup (no: it keeps running; yes: it is gone)", async () => {
    await server.tmux(["select-window", "-t", pane]);
    await person.waitForPane(pane);
    await openMenu();
    await person.type("k");
    await person.waitForScreen(/Kill api:review .*\? \[y\/N\]/);
    await person.type("n", "Enter");
    await person.waitForScreen(/api:review was not killed/);
    await gone(/─ kill ─/);
    assert.equal(String((await server.tmux(["display-message", "-p", "-t", pane, "#{pane_dead}"])).stdout), "0");
    await openMenu();
    await person.type("k");
    await person.waitForScreen(/Kill api:review .*\? \[y\/N\]/);
    await person.type("y", "Enter");
    await server.waitFor("the pane gone", async () => !String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id}"])).stdout).split("\n").includes(pane));
  });
});
