import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ancestry, insideSession, type CallerFacts } from "../../../src/session/caller.ts";

const panes = [
  { pane: "%11", pid: 500, tty: 34817 },
  { pane: "%12", pid: 600, tty: 34818 },
];
const person: CallerFacts = { session: undefined, tmuxPane: undefined, ancestors: [900, 800, 1], tty: 34900 };

describe("is the caller inside an agent session?", () => {
  const cases: Array<[string, Partial<CallerFacts>, string | null, string?]> = [
    ["a person's shell: none of the signs", {}, null],
    ["AGENTMUX_SESSION set", { session: "%12" }, "%12", "AGENTMUX_SESSION"],
    ["AGENTMUX_SESSION removed, TMUX_PANE names an agent pane", { tmuxPane: "%11" }, "%11", "TMUX_PANE"],
    ["TMUX_PANE of a plain shell pane is no sign", { tmuxPane: "%3" }, null],
    ["both variables removed, a process under the agent's first process", { ancestors: [950, 940, 600, 1] }, "%12", "its process ancestry"],
    ["reparented to init (double fork), still on the agent pane's terminal", { ancestors: [950, 1], tty: 34817 }, "%11", "its terminal"],
    ["no controlling terminal and no agent ancestor", { ancestors: [950, 1], tty: null }, null],
  ];
  for (const [name, facts, pane, by] of cases) {
    it(name, () => {
      const got = insideSession({ ...person, ...facts }, panes);
      assert.deepEqual(got, pane === null ? null : { pane, by });
    });
  }

  it("reads this process's ancestry from /proc, up to init", { skip: process.platform !== "linux" }, () => {
    const chain = ancestry(process.pid);
    assert.equal(chain[0], process.pid);
    assert.equal(chain[1], process.ppid);
    assert.ok(chain.length >= 2);
  });
});
