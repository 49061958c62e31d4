import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { paneOption } from "../helpers/agentmux-session.ts";

/**
 * With control.enabled off, an agent cannot drive other sessions by removing AGENTMUX_SESSION:
 * commands typed into a real agent session's shell, the way an agent's tool would run them.
 */
describe("the control gate looks past the environment", () => {
  const server = new TestServer();
  let agent = "";
  let other = "";
  let plain = "";
  let n = 0;
  const node = process.execPath;
  /** Type a command line into a pane's shell; answer what it printed and its exit status. */
  const typed = async (pane: string, line: (out: string) => string): Promise<{ out: string; rc: number }> => {
    const out = join(server.home, `out-${++n}.txt`);
    const done = `${out}.rc`;
    await server.tmux(["send-keys", "-t", pane, "-l", `${line(`'${out}'`)}; echo $? > '${done}'`]);
    await server.tmux(["send-keys", "-t", pane, "Enter"]);
    await server.waitFor(`the command in ${pane}`, () => existsSync(done) && readFileSync(done, "utf8").endsWith("\n"), 20_000);
    // A command sent to the background (double fork) reports through its own file.
    await server.waitFor(`its output in ${pane}`, () => existsSync(out) && /rc=\d+/.test(readFileSync(out, "utf8")), 20_000);
    const text = readFileSync(out, "utf8");
    return { out: text, rc: Number(/rc=(\d+)/.exec(text)?.[1]) };
  };
  const am = (args: string) => `'${node}' '${CLI}' -L '${server.name}' ${args}`;
  before(async () => {
    await server.start();
    for (let i = 0; i < 11; i++) await server.tmux(["new-window", "-d", "sleep 60"]);
    const start = async (instance: string) => {
      const r = await server.cli(["new", "--command", "sh", "--dir", server.work, "--instance", instance, "--detached"]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      return String(r.stdout).trim();
    };
    agent = await start("agent");
    other = await start("other");
    plain = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"])).stdout).trim();
    assert.ok(Number(agent.slice(1)) > 10, agent);
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("send with AGENTMUX_SESSION and TMUX_PANE removed is refused: the process runs under the agent's pane", async () => {
    const r = await typed(agent, (out) => `env -u AGENTMUX_SESSION -u TMUX_PANE ${am(`send other hi`)} > ${out} 2>&1; echo rc=$? >> ${out}`);
    assert.equal(r.rc, 1, r.out);
    assert.match(r.out, new RegExp(`^agentmux: send from inside an agent session \\(${agent}, known by its process ancestry\\) needs the control API, which is off \\(set "control: \\{enabled: true\\}"`));
    assert.doesNotMatch(await server.capture(other), /hi/);
  });

  it("a process moved out of the agent's tree (double fork) is still known by its terminal", async () => {
    // The outer subshell exits at once: the inner one is orphaned (reparented to init) but keeps the pane's terminal.
    const r = await typed(agent, (out) => `( (env -u AGENTMUX_SESSION -u TMUX_PANE ${am(`snooze other`)} > ${out} 2>&1; echo rc=$? >> ${out}) & )`);
    assert.equal(r.rc, 1, r.out);
    assert.match(r.out, new RegExp(`^agentmux: snooze from inside an agent session \\(${agent}, known by its terminal\\) needs the control API`));
    assert.equal(await paneOption(server, other, "@agentmux-snoozed"), "", "the other session was not snoozed");
  });

  it("daemon stop is gated; an agent may still snooze its own session", async () => {
    const stop = await typed(agent, (out) => `env -u AGENTMUX_SESSION ${am("daemon stop")} > ${out} 2>&1; echo rc=$? >> ${out}`);
    assert.equal(stop.rc, 1, stop.out);
    assert.match(stop.out, /daemon stop from inside an agent session \(%\d+, known by its process ancestry\) needs the control API/);
    assert.match(String((await server.cli(["daemon", "status"])).stdout), /^running:/, "the daemon still runs");
    const own = await typed(agent, (out) => `env -u AGENTMUX_SESSION ${am(`snooze ${agent} --on`)} > ${out} 2>&1; echo rc=$? >> ${out}`);
    assert.equal(own.rc, 0, own.out);
    assert.equal(await paneOption(server, agent, "@agentmux-snoozed"), "1");
  });

  /** A one-liner that writes one request to the daemon's socket ($AGENTMUX_SOCK, as every agent pane has it) and prints the answer. */
  const raw = (request: Record<string, unknown>) =>
    `'${node}' -e 'const s=require("net").connect(process.env.AGENTMUX_SOCK);s.on("data",(d)=>{process.stdout.write(d);s.end()});s.write(process.argv[1]+"\\n")' '${JSON.stringify(request)}'`;

  it("the daemon's socket refuses an acting op from a process inside an agent session, whatever it claims", async () => {
    const kill = await typed(agent, (out) => `env -u AGENTMUX_SESSION -u TMUX_PANE ${raw({ op: "kill", panes: [other] })} > ${out} 2>&1; echo rc=$? >> ${out}`);
    assert.match(kill.out, new RegExp(`"ok":false,"error":"kill from inside an agent session \\(${agent}, known by its process ancestry\\) needs the control API, which is off"`), kill.out);
    assert.notEqual(await paneOption(server, other, "@agentmux-state"), "exited", "the other session still runs");
    // Every acting op, by the verb a person knows it as.
    for (const [request, verb] of [[{ op: "remote-start" }, "remote start"], [{ op: "remote-stop" }, "remote stop"], [{ op: "exit", pane: other, now: true }, "exit"], [{ op: "stop" }, "daemon stop"]] as const) {
      const r = await typed(agent, (out) => `${raw(request)} > ${out} 2>&1; echo rc=$? >> ${out}`);
      assert.match(r.out, new RegExp(`"ok":false,"error":"${verb} from inside an agent session`), r.out);
    }
    assert.notEqual(await paneOption(server, other, "@agentmux-state"), "exited", "the other session still runs");
    // Reading is open to every caller.
    const status = await typed(agent, (out) => `${raw({ op: "status" })} > ${out} 2>&1; echo rc=$? >> ${out}`);
    assert.match(status.out, /"ok":true,"pid":\d+,"version":"[^"]+","sessions":\[/, status.out);
  });

  it("remote start and remote pair from inside an agent session need the control API: the page types into every session", async () => {
    for (const verb of ["remote start", "remote pair"]) {
      const r = await typed(agent, (out) => `${am(verb)} > ${out} 2>&1; echo rc=$? >> ${out}`);
      assert.equal(r.rc, 1, r.out);
      assert.match(r.out, new RegExp(`^agentmux: ${verb} from inside an agent session \\(${agent}, known by its process ancestry\\) needs the control API`), r.out);
    }
  });

  it("a person's plain shell pane is not limited", async () => {
    const r = await typed(plain, (out) => `${am("snooze other")} > ${out} 2>&1; echo rc=$? >> ${out}`);
    assert.equal(r.rc, 0, r.out);
    assert.equal(await paneOption(server, other, "@agentmux-snoozed"), "1");
  });
});
