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
    assert.throws(() => plan("read", "far:"), (e: AgentmuxError) => /far: names no session on far/.test(e.message) && e.exitCode === 2);
  });

  it("new --host NAME starts it there, the rest of its words as given", () => {
    assert.deepEqual(plan("new", "--backend", "claude", "--host", "far", "--json").p, { kind: "new", host: "far", rest: ["--backend", "claude", "--json"], globals: {} });
    assert.deepEqual(plan("new", "--host=far").p, { kind: "new", host: "far", rest: [], globals: {} });
    assert.equal(plan("new", "--backend", "claude").p, null);
  });
});
