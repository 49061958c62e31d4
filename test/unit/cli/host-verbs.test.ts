import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { planForward } from "../../../src/cli/host-verbs.ts";
import { buildProgram } from "../../../src/cli/program.ts";
import type { AgentmuxError } from "../../../src/util/errors.ts";

const hosts = [{ name: "far", ssh: "far.example", socket: "agents" }];
const plan = (...argv: string[]) => {
  let read = 0;
  const p = planForward(buildProgram(), argv, () => { read++; return hosts; });
  return { p, read };
};

describe("verbs carried to another machine (HOST:TARGET)", () => {
  it("each verb's TARGET, positional or -t, is rewritten as the host names it; the server options stay here", () => {
    const send = plan("-L", "mine", "send", "--no-enter", "far:%12", "hello", "world").p;
    assert.ok(send?.kind === "verb");
    assert.deepEqual([send.verb, ...send.words], ["send", "--no-enter", "%12", "hello", "world"]);
    assert.equal(send.remote.host.name, "far");
    assert.deepEqual(send.globals, { socketName: "mine" });
    assert.equal(send.acts, true);
    const keys = plan("keys", "-t", "far:my build", "Escape").p;
    assert.ok(keys?.kind === "verb");
    assert.deepEqual([keys.verb, ...keys.words], ["keys", "my build", "Escape"]);
    for (const [verb, acts] of [["read", false], ["wait", false], ["explain", false], ["kill", true], ["rename", true], ["restart", true], ["snooze", true], ["answer", true], ["attach", false]] as const) {
      const p = plan(verb, "far:%3", ...(verb === "rename" ? ["x"] : verb === "answer" ? ["1", "--dialog", "d"] : [])).p;
      assert.ok(p?.kind === "verb", verb);
      assert.equal(p.acts, acts, verb);
      assert.equal(p.verb, verb);
      assert.equal(p.words[0], "%3", verb);
    }
    const agent = plan("send", "--from-agent", "far:%3", "hi").p;
    assert.ok(agent?.kind === "verb");
    assert.equal(agent.acts, false, "an agent's marked message works with the control API off, as here");
  });

  it("a local target stays here, and the config is read only when a target may name a host", () => {
    assert.deepEqual(plan("send", "%12", "a:b"), { p: null, read: 0 });
    assert.deepEqual(plan("send", "other:%1", "x"), { p: null, read: 1 });
    assert.equal(plan("list").p, null);
    assert.equal(plan("send", "far:%1", "--help").p, null, "help is this machine's");
    assert.equal(plan("branch", "far:%1").p, null, "a verb not carried stays here (and says the session is unknown)");
    assert.throws(() => plan("read", "far:"), (e: AgentmuxError) => /far: names nothing on far/.test(e.message) && e.exitCode === 2);
  });

  it("group verbs: HOST:TARGET for group and ungroup, HOST:GROUP for group-send, group-kill and wait --group", () => {
    const join = plan("group", "far:%3", "web").p;
    assert.ok(join?.kind === "verb");
    assert.deepEqual([join.verb, ...join.words, join.acts], ["group", "%3", "web", true]);
    const leave = plan("ungroup", "far:my build").p;
    assert.ok(leave?.kind === "verb");
    assert.deepEqual([leave.verb, ...leave.words], ["ungroup", "my build"]);
    const send = plan("group-send", "--no-enter", "far:web", "run", "the tests").p;
    assert.ok(send?.kind === "verb");
    assert.deepEqual([send.verb, ...send.words, send.acts], ["group-send", "--no-enter", "web", "run", "the tests", true]);
    const kill = plan("group-kill", "far:web", "--json").p;
    assert.ok(kill?.kind === "verb");
    assert.deepEqual([kill.verb, ...kill.words, kill.acts], ["group-kill", "web", "--json", true]);
    for (const words of [["-g", "far:web"], ["--group", "far:web"]]) {
      const wait = plan("wait", "--state", "idle", ...words, "--timeout", "5").p;
      assert.ok(wait?.kind === "verb", words.join(" "));
      assert.deepEqual(wait.words, ["--state", "idle", words[0], "web", "--timeout", "5"]);
      assert.equal(wait.acts, false);
    }
    const inline = plan("wait", "--group=far:web", "-s", "blocked").p;
    assert.ok(inline?.kind === "verb");
    assert.deepEqual(inline.words, ["--group=web", "-s", "blocked"]);
    assert.equal(plan("wait", "-g", "web", "-s", "idle").p, null, "a local group stays here");
    assert.equal(plan("group-send", "web", "far:x").p, null, "only the group word names a host");
  });

  it("new --host NAME starts it there, the rest of its words as given", () => {
    assert.deepEqual(plan("new", "--backend", "claude", "--host", "far", "--json").p, { kind: "new", host: "far", rest: ["--backend", "claude", "--json"], globals: {} });
    assert.deepEqual(plan("new", "--host=far").p, { kind: "new", host: "far", rest: [], globals: {} });
    assert.equal(plan("new", "--backend", "claude").p, null);
  });
});
