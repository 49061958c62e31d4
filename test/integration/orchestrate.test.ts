import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeConfig } from "../helpers/config.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { listJson, sessionEnv, waitForState } from "../helpers/agentmux-session.ts";

describe("orchestration: groups, fan-out, wait, kill, and the control permission", () => {
  const server = new TestServer();
  const start = async (instance: string, group?: string) => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", instance, ...(group ? ["--group", group] : [])]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return String(r.stdout).trim();
  };
  const oneLineError = (r: { exitCode?: number; stderr: unknown }, pattern: RegExp) => {
    assert.notEqual(r.exitCode, 0);
    assert.match(String(r.stderr), pattern);
    assert.equal(String(r.stderr).trim().split("\n").length, 1, String(r.stderr));
  };
  before(async () => {
    await server.start();
    await server.setServerEnv({ FAKE_SLOW_MS: "1500" });
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("new --group, list --group, group and ungroup", async () => {
    const w1 = await start("w1", "workers");
    const w2 = await start("w2", "workers");
    const solo = await start("solo");
    const listed = async (g: string) => JSON.parse(String((await server.cli(["list", "--group", g, "--json"])).stdout)).map((s: { pane: string }) => s.pane).sort();
    assert.deepEqual(await listed("workers"), [w1, w2].sort());
    assert.equal((await server.cli(["group", "solo", "workers"])).exitCode, 0);
    assert.deepEqual(await listed("workers"), [w1, w2, solo].sort());
    assert.equal((await server.cli(["ungroup", "solo"])).exitCode, 0);
    assert.deepEqual(await listed("workers"), [w1, w2].sort());
    for (const pane of [w1, w2, solo]) await waitForState(server, pane, "idle");
  });

  it("group-send prints how many sessions it reached; an empty or unknown group is an error", async () => {
    const r = await server.cli(["group-send", "workers", "/slow"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.equal(String(r.stdout), "sent to 2 sessions");
    oneLineError(await server.cli(["group-send", "nobody", "hi"]), /no group "nobody"/);
    oneLineError(await server.cli(["group-kill", "nobody"]), /no group "nobody"/);
    oneLineError(await server.cli(["wait", "--group", "nobody", "--state", "idle"]), /no group "nobody"/);
  });

  it("wait --group returns on the first member to reach the state, woken by the daemon", async () => {
    const r = await server.cli(["wait", "--group", "workers", "--state", "waiting", "--timeout", "30", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const answer = JSON.parse(String(r.stdout));
    assert.equal(answer.ok, true);
    assert.equal(answer.state, "waiting");
    assert.match(answer.pane, /^%\d+$/);
  });

  it("wait on a target: reached, timed out, unknown target or state", async () => {
    await server.cli(["send", "solo", "/slow"]);
    const reached = await server.cli(["wait", "solo", "--state", "waiting", "--timeout", "30"]);
    assert.equal(reached.exitCode, 0, String(reached.stderr));
    assert.match(String(reached.stdout), /^%\d+ waiting$/);
    oneLineError(await server.cli(["wait", "solo", "--state", "blocked", "--timeout", "1"]), /timed out after 1 s waiting for blocked/);
    oneLineError(await server.cli(["wait", "ghost", "--state", "idle"]), /no session "ghost"/);
    oneLineError(await server.cli(["wait", "solo", "--state", "sleepy"]), /unknown state "sleepy".*use one of unknown, working/);
    oneLineError(await server.cli(["wait", "--state", "idle"]), /wait takes a TARGET or --group G/);
  });

  it("wait fails when the target exits before reaching the state", async () => {
    const doomed = await start("doomed");
    await waitForState(server, doomed, "idle");
    const waiting = server.cli(["wait", "doomed", "--state", "blocked", "--timeout", "30"]);
    await new Promise((r) => setTimeout(r, 500));
    await server.cli(["send", "doomed", "/fail"]);
    oneLineError(await waiting, /exited before reaching blocked/);
  });

  it("kill ends the process and leaves the session listed as exited; group-kill counts and skips the exited", async () => {
    const r = await server.cli(["kill", "solo", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const solo = (await listJson(server)).find((s) => s["instance"] === "solo");
    assert.equal(solo?.["state"], "exited", "still listed after its pane is gone");
    oneLineError(await server.cli(["send", "solo", "hi"]), /has exited/);
    oneLineError(await server.cli(["wait", "solo", "--state", "idle"]), /exited before reaching idle/);
    assert.equal((await server.cli(["wait", "solo", "--state", "exited"])).exitCode, 0);
    await server.cli(["kill", "w1"]);
    const g = await server.cli(["group-kill", "workers"]);
    assert.equal(g.exitCode, 0, String(g.stderr));
    assert.equal(String(g.stdout), "killed 1 session");
    oneLineError(await server.cli(["group-send", "workers", "hi"]), /every session of group "workers" has exited/);
    const workers = JSON.parse(String((await server.cli(["list", "--group", "workers", "--json"])).stdout)) as Array<{ state: string }>;
    assert.deepEqual(workers.map((w) => w.state), ["exited", "exited"]);
  });

  it("from inside an agent session: acting on others needs control.enabled; read, list and wait always work", async () => {
    const boss = await start("boss");
    const worker = await start("worker");
    await waitForState(server, worker, "idle");
    const env = await sessionEnv(server, boss);
    const refused: string[][] = [
      ["new", "--command", "sleep 5"], ["send", "worker", "hi"], ["keys", "worker", "Enter"], ["kill", "worker"],
      ["rename", "worker", "w"], ["group", "worker", "g"], ["ungroup", "worker"], ["group-send", "g", "hi"], ["group-kill", "g"],
    ];
    for (const args of refused) oneLineError(await server.cli(args, { env }), /needs the control API, which is off.*control: \{enabled: true\}/);
    assert.equal((await server.cli(["read", "worker"], { env })).exitCode, 0);
    assert.equal((await server.cli(["list"], { env })).exitCode, 0);
    assert.equal((await server.cli(["wait", "worker", "--state", "idle", "--timeout", "5"], { env })).exitCode, 0);

    writeConfig(server.home, { control: { enabled: true } });
    const sent = await server.cli(["send", "worker", "from the boss"], { env });
    assert.equal(sent.exitCode, 0, String(sent.stderr));
    await server.waitForScreen(worker, /received: from the boss/);
    assert.equal((await server.cli(["group", "worker", "team"], { env })).exitCode, 0);
    const fan = await server.cli(["group-send", "team", "hello team"], { env });
    assert.equal(String(fan.stdout), "sent to 1 session");
    writeConfig(server.home, {});
  });
});
