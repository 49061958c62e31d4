import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { Person, PLUGIN } from "../helpers/client.ts";
import { paneOption } from "../helpers/agentmux-session.ts";
import { asAgent } from "../helpers/as-agent.ts";

/** next (prefix B) and snooze (prefix Z), pressed by a person on a real client. */
describe("jump to the next waiting session, and snooze", () => {
  const server = new TestServer();
  const viewer = new TestServer();
  const person = new Person(server, viewer);
  const p: Record<string, string> = {};
  const state = (pane: string, value: string) => server.tmux(["set-option", "-p", "-t", pane, "@agentmux-state", value]);
  const pressNext = async (expected: string) => {
    await person.type("C-b", "B");
    await person.waitForPane(expected);
  };

  before(async () => {
    await server.start();
    await viewer.start();
    await server.tmux(["set-option", "-g", "@agentmux-daemon", "off"]);
    await server.tmux(["set-option", "-g", "display-time", "10000"]);
    await server.tmux(["run-shell", PLUGIN]);
    for (const name of ["alpha", "beta", "gamma", "delta", "eps"]) {
      mkdirSync(join(server.work, name));
      p[name] = String((await server.cli(["new", "--command", "sleep 600", "--dir", join(server.work, name), "--detached"])).stdout).trim();
    }
    await server.cli(["daemon", "stop"]);
    // Key order follows creation: alpha a, beta s, gamma d, delta f, eps g.
    for (const [name, value] of [["alpha", "waiting"], ["beta", "working"], ["gamma", "blocked"], ["delta", "waiting"], ["eps", "unknown"]]) await state(p[name!]!, value!);
    await person.attach();
  });
  after(async () => {
    await viewer.stop();
    await server.stop();
  });

  it("prefix B cycles through waiting and blocked sessions in key order and wraps; working and unknown are skipped", async () => {
    await pressNext(p["alpha"]!);
    await pressNext(p["gamma"]!);
    await pressNext(p["delta"]!);
    await pressNext(p["alpha"]!);
  });

  it("gave every session a switcher key at first sight, in creation order", async () => {
    assert.deepEqual(await Promise.all(["alpha", "beta", "gamma", "delta", "eps"].map((n) => paneOption(server, p[n]!, "@agentmux-key"))), ["a", "s", "d", "f", "g"]);
  });

  it("snooze toggles, a snoozed session is skipped, and keeps its key", async () => {
    const on = await server.cli(["snooze", "gamma"]);
    assert.equal(on.exitCode, 0, String(on.stderr));
    assert.equal(String(on.stdout).trim(), "snoozed gamma until undone");
    assert.equal(await paneOption(server, p["gamma"]!, "@agentmux-snoozed"), "1");
    await pressNext(p["delta"]!);
    await pressNext(p["alpha"]!);
    assert.equal(await paneOption(server, p["gamma"]!, "@agentmux-key"), "d");
    const off = await server.cli(["snooze", "gamma"]);
    assert.equal(String(off.stdout).trim(), "gamma is no longer snoozed");
    assert.equal(await paneOption(server, p["gamma"]!, "@agentmux-snoozed"), "");
    await pressNext(p["gamma"]!);
  });

  it("a timed snooze ends by itself", async () => {
    const r = await server.cli(["snooze", "delta", "0.0005", "--json"]);
    const answer = JSON.parse(String(r.stdout)) as { until: number; snoozed: boolean };
    assert.equal(answer.snoozed, true);
    assert.ok(Math.abs(answer.until - (Date.now() + 1800)) < 1500, String(answer.until));
    await pressNext(p["alpha"]!);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, answer.until - Date.now() + 100)));
    await pressNext(p["gamma"]!);
    await pressNext(p["delta"]!);
  });

  it("inside a session, a lone number is the hours of a snooze of that session", async () => {
    // Run the way an agent runs it: a command line in the session's own shell (its process is the pane's).
    mkdirSync(join(server.work, "inside"), { recursive: true });
    const inside = String((await server.cli(["new", "--command", "sh", "--dir", join(server.work, "inside"), "--detached"])).stdout).trim();
    const r = await asAgent(server, inside, ["snooze", "2", "--json"], { shell: true });
    assert.equal(r.rc, 0, r.out);
    assert.equal((JSON.parse(r.out) as { pane: string }).pane, inside);
    assert.ok(Number(await paneOption(server, inside, "@agentmux-snoozed")) > Date.now() + 7_000_000);
    await server.cli(["snooze", "--off", inside]);
    assert.equal(await paneOption(server, inside, "@agentmux-snoozed"), "");
    await server.cli(["kill", inside, "--yes"]);
  });

  it("prefix Z asks for the hours in the prompt, and wakes a snoozed session", async () => {
    await person.waitForPane(p["delta"]!);
    await person.type("C-b", "Z");
    await person.waitForScreen(/snooze delta for hours \(blank: until undone\):/);
    await person.type("3", "Enter");
    await server.waitFor("snoozed", async () => Number(await paneOption(server, p["delta"]!, "@agentmux-snoozed")) > Date.now() + 10_000_000);
    await person.waitForScreen(/snoozed delta for 3h/);
    await person.type("C-b", "Z");
    await server.waitFor("woken", async () => (await paneOption(server, p["delta"]!, "@agentmux-snoozed")) === "");
    await person.waitForScreen(/delta is no longer snoozed/);
  });

  it("with nothing waiting, B says so in the status line; the CLI fails with the same words", async () => {
    for (const name of ["alpha", "gamma", "delta"]) await state(p[name]!, "idle");
    await person.type("C-b", "B");
    await person.waitForScreen(/no session is waiting for you/);
    const r = await server.cli(["next"]);
    assert.equal(r.exitCode, 1);
    assert.match(String(r.stderr), /^agentmux: no session is waiting for you \(agentmux list shows every session's state\)/);
  });
});
