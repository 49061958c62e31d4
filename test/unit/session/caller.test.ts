import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ancestry, insideSession, verified, type CallerFacts } from "../../../src/session/caller.ts";

const panes = [
  { pane: "%11", pid: 500, tty: 34817 },
  { pane: "%12", pid: 600, tty: 34818 },
];
const person: CallerFacts = { session: undefined, tmuxPane: undefined, ancestors: [900, 800, 1], tty: 34900 };

describe("is the caller inside an agent session?", () => {
  const cases: Array<[string, Partial<CallerFacts>, string | null, string?, true?]> = [
    ["a person's shell: none of the signs", {}, null],
    ["AGENTMUX_SESSION set outside every agent pane: a claim only", { session: "%12" }, "%12", "AGENTMUX_SESSION", true],
    ["AGENTMUX_SESSION removed, TMUX_PANE names an agent pane: a claim only", { tmuxPane: "%11" }, "%11", "TMUX_PANE", true],
    ["TMUX_PANE of a plain shell pane is no sign", { tmuxPane: "%3" }, null],
    ["both variables removed, a process under the agent's first process", { ancestors: [950, 940, 600, 1] }, "%12", "its process ancestry"],
    ["reparented to init (double fork), still on the agent pane's terminal", { ancestors: [950, 1], tty: 34817 }, "%11", "its terminal"],
    ["no controlling terminal and no agent ancestor", { ancestors: [950, 1], tty: null }, null],
    ["an agent under %11 that sets AGENTMUX_SESSION to %12 is in %11", { session: "%12", ancestors: [950, 500, 1] }, "%11", "its process ancestry"],
    ["an agent on %12's terminal that sets TMUX_PANE to %11 is in %12", { tmuxPane: "%11", ancestors: [950, 1], tty: 34818 }, "%12", "its terminal"],
    ["no /proc (ancestry is the process alone): the environment is all there is", { session: "%12", ancestors: [950] }, "%12", "AGENTMUX_SESSION"],
  ];
  for (const [name, facts, pane, by, claimed] of cases) {
    it(name, () => {
      const got = insideSession({ ...person, ...facts }, panes);
      assert.deepEqual(got, pane === null ? null : { pane, by, ...(claimed ? { claimed } : {}) });
    });
  }

  it("a claim never names the session a process speaks for or acts on as its own", () => {
    assert.equal(verified(insideSession({ ...person, session: "%12" }, panes)), null);
    assert.deepEqual(verified(insideSession({ ...person, session: "%12", ancestors: [950, 500, 1] }, panes)), { pane: "%11", by: "its process ancestry" });
  });

  it("reads this process's ancestry from /proc, up to init", { skip: process.platform !== "linux" }, () => {
    const chain = ancestry(process.pid);
    assert.equal(chain[0], process.pid);
    assert.equal(chain[1], process.ppid);
    assert.ok(chain.length >= 2);
  });
});
