import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { Person, PLUGIN } from "../helpers/client.ts";
import { listJson, waitForState } from "../helpers/agentmux-session.ts";

interface Told { env: Record<string, string>; stdin: string }
interface Notice { pane: string; name: string; state: string; reason: string; text: string; seen: boolean }

/**
 * Notifications a person can follow: two sessions in one directory (its name with spaces, #, %,
 * quotes and unicode; panes above %10) notify under the names `list` gives them, notify.command
 * gets what each is about in its environment, and prefix B / `next --notified` go to the most
 * recent unseen one; looking at a session marks its notification seen.
 */
describe("notifications you can follow", () => {
  const server = new TestServer();
  const viewer = new TestServer();
  const person = new Person(server, viewer);
  const dir = join(server.work, `we b #1 %5 'q' "d" é`);
  const out = join(server.home, "told.jsonl");
  const told = (): Told[] => (existsSync(out) ? readFileSync(out, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Told) : []);
  const record = (): Notice[] => {
    const state = join(server.home, "state");
    const file = readdirSync(state).find((n) => /^notified-[0-9a-f]+\.json$/.test(n));
    return file ? (JSON.parse(readFileSync(join(state, file), "utf8")) as { notices: Notice[] }).notices : [];
  };
  const noticeOf = (pane: string) => record().filter((n) => n.pane === pane).at(-1);
  let a = "";
  let b = "";

  before(async () => {
    await server.start();
    await viewer.start();
    mkdirSync(dir, { recursive: true });
    const dump = join(server.home, "dump.cjs");
    writeFileSync(dump, `const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("AGENTMUX_NOTIFY_")));\nrequire("fs").appendFileSync(${JSON.stringify(out)}, JSON.stringify({ env, stdin: require("fs").readFileSync(0, "utf8") }) + "\\n");\n`);
    writeConfig(server.home, { notify: { command: `node ${dump}` } });
    await server.tmux(["set-option", "-g", "@agentmux-daemon", "off"]);
    await server.tmux(["set-option", "-g", "display-time", "10000"]);
    await server.tmux(["run-shell", PLUGIN]);
    // Pane ids above %10.
    for (let i = 0; i < 10; i++) await server.tmux(["new-window", "-d", "-t", "base"]);
    for (const which of ["a", "b"]) {
      const r = await server.cli(["new", "--backend", "claude", "--dir", dir, "--detached"]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      if (which === "a") a = String(r.stdout).trim(); else b = String(r.stdout).trim();
    }
    assert.ok(Number(a.slice(1)) > 10 && Number(b.slice(1)) > 10, `${a} ${b}`);
    await waitForState(server, a, "idle");
    await waitForState(server, b, "idle");
    await person.attach();
    await server.tmux(["select-window", "-t", "base:0"]);
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await viewer.stop();
    await server.stop();
  });

  it("two sessions in one directory notify under the names list shows, and notify.command gets pane, name, backend, state, reason and text", async () => {
    await server.cli(["send", a, "/tool"]);
    await waitForState(server, a, "blocked");
    await server.waitFor("a's notification", () => told().some((t) => t.env["AGENTMUX_NOTIFY_PANE"] === a), 15_000);
    await server.cli(["send", b, "two #2 100%"]);
    await server.waitFor("b's notification", () => told().some((t) => t.env["AGENTMUX_NOTIFY_PANE"] === b), 15_000);
    const names = new Map((await listJson(server)).map((s) => [s.pane as string, s.name as string]));
    const base = `we b #1 %5 'q' "d" é`;
    assert.equal(names.get(a), `${base}:${a}`);
    assert.equal(names.get(b), `${base}:${b}`);
    const [toldA, toldB] = [a, b].map((p) => told().find((t) => t.env["AGENTMUX_NOTIFY_PANE"] === p)!);
    const socket = String((await server.tmux(["display-message", "-p", "#{socket_path}"])).stdout).trim();
    // The text names the command from whichever channel saw the dialog first: the hook's tool
    // input ("touch marker"), or the dialog read off the screen ("Bash: touch marker").
    const text = toldA!.env["AGENTMUX_NOTIFY_TEXT"] ?? "";
    assert.ok([`${base}:${a} asks permission: touch marker`, `${base}:${a} asks permission: Bash: touch marker`].includes(text), text);
    assert.deepEqual(toldA!.env, {
      AGENTMUX_NOTIFY_PANE: a, AGENTMUX_NOTIFY_NAME: `${base}:${a}`, AGENTMUX_NOTIFY_BACKEND: "claude", AGENTMUX_NOTIFY_STATE: "blocked",
      AGENTMUX_NOTIFY_REASON: "permission", AGENTMUX_NOTIFY_TEXT: text, AGENTMUX_NOTIFY_TMUX: socket,
    });
    assert.equal(toldA!.stdin, `${toldA!.env["AGENTMUX_NOTIFY_TEXT"]}\n`);
    assert.equal(toldB!.env["AGENTMUX_NOTIFY_NAME"], `${base}:${b}`);
    assert.equal(toldB!.env["AGENTMUX_NOTIFY_STATE"], "waiting");
    assert.equal(toldB!.env["AGENTMUX_NOTIFY_REASON"], "finished");
    assert.match(toldB!.stdin, new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:${b} finished`));
    // The daemon's record: both unseen.
    assert.deepEqual([noticeOf(a)?.seen, noticeOf(b)?.seen], [false, false]);
    assert.equal(noticeOf(a)?.name, `${base}:${a}`);
  });

  it("prefix B goes to the most recent unseen notification first (b, though a comes first in key order), which is then seen", async () => {
    await person.type("C-b", "B");
    await person.waitForPane(b);
    await server.waitFor("b's notification seen", () => noticeOf(b)?.seen === true);
    assert.equal(noticeOf(a)?.seen, false);
  });

  it("next --notified goes to the remaining one; looking at a session marks its notification seen (a is still blocked)", async () => {
    const r = await server.cli(["next", "--notified", "--client", person.client]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    await person.waitForPane(a);
    await server.waitFor("a's notification seen", () => noticeOf(a)?.seen === true);
    assert.equal((await listJson(server)).find((s) => s.pane === a)?.state, "blocked", "seen by looking, not by leaving blocked");
  });

  it("with none unseen, next --notified fails with the words the key's status line shows; prefix B cycles as before", async () => {
    const r = await server.cli(["next", "--notified"]);
    assert.equal(r.exitCode, 1);
    assert.match(String(r.stderr), /^agentmux: no unseen notification to go to \(agentmux next \(without --notified\) goes to the next waiting session\)/);
    await server.cli(["next", "--notified", "--client", person.client]);
    await person.waitForScreen(/no unseen notification to go to/);
    await server.tmux(["select-window", "-t", "base:0"]);
    await person.waitForPane(String((await server.tmux(["display-message", "-p", "-t", "base:0", "#{pane_id}"])).stdout).trim());
    await person.type("C-b", "B");
    await person.waitForPane(a);
  });
});
