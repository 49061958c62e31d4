import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { describeChain, startChain, stepChain, type ExitAction, type ExitChain, type ExitInput, type ExitPhase } from "../../../src/lifecycle/exit-chain.ts";
import { type ReceiptReading } from "../../../src/lifecycle/exit-receipt.ts";
import { type ExitStep } from "../../../src/lifecycle/exit-steps.ts";

const plain = (name: string): ExitStep => ({ name, invocation: `/${name}`, args: "", receipt: false });
const gated = (name: string): ExitStep => ({ name, invocation: `/${name}`, args: "--auto", receipt: true });
const steps = [plain("learn"), gated("log")];
const chain = (phase: ExitPhase): ExitChain => ({ steps, phase });
const armed = chain({ kind: "armed" });
const run = (index: number, started = true, warned = false, typed = true) => chain({ kind: "running", index, typed, started, warned });
const ok: ReceiptReading = { kind: "accepted", status: "success" };
const noop: ReceiptReading = { kind: "accepted", status: "no-op" };
const missing: ReceiptReading = { kind: "missing" };

// Each row: name, chain before, input, the phase after, the actions (type, and index or text fragment).
type Row = [string, ExitChain, ExitInput, ExitPhase | "same" | "stopped", string[]];
const rows: Row[] = [
  ["armed: the running turn ends → the first skill goes in", armed, { kind: "turn-ended" }, { kind: "running", index: 0, typed: false, started: false, warned: false }, ["submit 0"]],
  ["armed: a turn starting changes nothing", armed, { kind: "turn-started" }, "same", []],
  ["the skill's keys begin to go out", run(0, false, false, false), { kind: "typing" }, { kind: "running", index: 0, typed: true, started: false, warned: false }, []],
  ["the skill's turn is seen", run(0, false), { kind: "turn-started" }, { kind: "running", index: 0, typed: true, started: true, warned: false }, []],
  ["a turn begun before the skill's keys went out is not its turn", run(0, false, false, false), { kind: "turn-started" }, "same", []],
  ["…so its end does not finish the skill", run(0, false, false, false), { kind: "turn-ended" }, "same", []],
  ["a plain skill's turn ends → the next skill", run(0), { kind: "turn-ended" }, { kind: "running", index: 1, typed: false, started: false, warned: false }, ["submit 1"]],
  ["an end before the skill's turn began is an earlier turn's (stop then idle advance once)", run(1, false), { kind: "turn-ended", receipt: missing }, "same", []],
  ["a receipt of success after the last skill → close", run(1), { kind: "turn-ended", receipt: ok }, { kind: "closed" }, ["close"]],
  ["a receipt of no-op → close", run(1), { kind: "turn-ended", receipt: noop }, { kind: "closed" }, ["close"]],
  ["a failure receipt stops the chain, with its message", run(1), { kind: "turn-ended", receipt: { kind: "failure", message: "disk full" } }, { kind: "stopped", reason: "/log --auto did not finish: its receipt reports failure: disk full" }, ["warn disk full"]],
  ["an unknown status stops the chain", run(1), { kind: "turn-ended", receipt: { kind: "unknown-status", status: '"done"' } }, "stopped", ["warn status \"done\""]],
  ["invalid JSON stops the chain", run(1), { kind: "turn-ended", receipt: { kind: "invalid", detail: "x" } }, "stopped", ["warn not valid JSON"]],
  ["a missing receipt is looked at again before it counts", run(1), { kind: "turn-ended", receipt: missing }, "same", ["recheck"]],
  ["…and is ignored while the session works again", run(1), { kind: "recheck", busy: true, receipt: missing }, "same", []],
  ["…and stops the chain when the session is still at its prompt", run(1), { kind: "recheck", busy: false, receipt: missing }, "stopped", ["warn wrote no receipt"]],
  ["a receipt that showed up by the second look is accepted", run(1), { kind: "recheck", busy: false, receipt: ok }, { kind: "closed" }, ["close"]],
  ["a prompt the user types cancels a running chain", run(0), { kind: "prompt", text: "what about tests?" }, { kind: "cancelled", reason: "a prompt was typed into the session" }, ["warn cancelled"]],
  ["a prompt the user types cancels an armed chain", armed, { kind: "prompt", text: "/learn" }, { kind: "cancelled", reason: "a prompt was typed into the session" }, ["warn cancelled"]],
  ["a skill that could not be typed (a draft in the input line) cancels the chain, saying why", run(0, false), { kind: "refused", why: "its input line holds a draft" }, { kind: "cancelled", reason: "its input line holds a draft" }, ["warn its input line holds a draft: the exit is cancelled and the session kept"]],
  ["the chain's own skill command is not the user's", run(1, false), { kind: "prompt", text: "/log --auto --receipt-file /tmp/x/receipt.json" }, "same", []],
  ["another skill's command is the user's", run(1, false), { kind: "prompt", text: "/logout" }, { kind: "cancelled", reason: "a prompt was typed into the session" }, ["warn"]],
  ["the watchdog warns once while the skill runs, and the exit stays armed", run(0), { kind: "watchdog", busy: true }, { kind: "running", index: 0, typed: true, started: true, warned: true }, ["warn longer than the exit timeout"]],
  ["…not twice", run(0, true, true), { kind: "watchdog", busy: true }, "same", []],
  ["the watchdog on a turn the chain waits for says nothing", armed, { kind: "watchdog", busy: true }, "same", []],
  ["stranded armed: the watchdog finds the session at its prompt → the first skill", armed, { kind: "watchdog", busy: false }, { kind: "running", index: 0, typed: false, started: false, warned: false }, ["submit 0"]],
  ["stranded running: the watchdog finds the session at its prompt after the skill's turn → the next skill", run(0), { kind: "watchdog", busy: false }, { kind: "running", index: 1, typed: false, started: false, warned: false }, ["submit 1"]],
  ["a skill whose turn never showed is not taken as done: the watchdog warns", run(0, false), { kind: "watchdog", busy: false }, { kind: "running", index: 0, typed: true, started: false, warned: true }, ["warn longer than the exit timeout"]],
  ["stranded on a receipt step: no receipt stops the chain at once", run(1, true, true), { kind: "watchdog", busy: false, receipt: missing }, "stopped", ["warn wrote no receipt"]],
  ["after the watchdog warned, the skill's end still finishes the chain", run(1, true, true), { kind: "turn-ended", receipt: ok }, { kind: "closed" }, ["close"]],
  ["a stopped chain ignores everything", chain({ kind: "stopped", reason: "x" }), { kind: "turn-ended" }, "same", []],
  ["a cancelled chain ignores everything", chain({ kind: "cancelled", reason: "x" }), { kind: "watchdog", busy: false }, "same", []],
  ["a closed chain ignores everything", chain({ kind: "closed" }), { kind: "prompt", text: "hi" }, "same", []],
];

function actionText(a: ExitAction): string {
  switch (a.type) {
    case "submit": return `submit ${a.index}`;
    case "warn": return `warn ${a.text}`;
    default: return a.type;
  }
}

describe("exit chain machine", () => {
  for (const [name, before, input, phase, actions] of rows) {
    it(name, () => {
      const result = stepChain(before, input);
      if (phase === "same") assert.equal(result.chain, before);
      else if (phase === "stopped") assert.equal(result.chain.phase.kind, "stopped");
      else assert.deepEqual(result.chain.phase, phase);
      const got = result.actions.map(actionText);
      assert.equal(got.length, actions.length, JSON.stringify(got));
      actions.forEach((want, i) => assert.ok(got[i]?.startsWith(want.split(" ")[0] ?? "") && got[i]?.includes(want.split(" ").slice(1).join(" ")), `${got[i]} ~ ${want}`));
    });
  }

  it("starts armed while a turn runs, else with its first skill; with no skill it closes", () => {
    assert.deepEqual(startChain(steps, true), { chain: armed, actions: [] });
    assert.deepEqual(startChain(steps, false).actions, [{ type: "submit", index: 0 }]);
    assert.deepEqual(startChain([], false).actions, [{ type: "close" }]);
    assert.deepEqual(startChain([], true).actions, [{ type: "close" }]);
  });

  it("a chain of plain skills runs each after the previous turn and closes after the last", () => {
    let c = startChain([plain("a"), plain("b")], false).chain;
    const submitted: number[] = [];
    for (const input of [{ kind: "turn-started" }, { kind: "typing" }, { kind: "turn-started" }, { kind: "turn-ended" }, { kind: "turn-ended" }, { kind: "typing" }, { kind: "turn-started" }, { kind: "turn-ended" }] as ExitInput[]) {
      const r = stepChain(c, input);
      c = r.chain;
      for (const a of r.actions) if (a.type === "submit") submitted.push(a.index);
    }
    assert.deepEqual(submitted, [1]);
    assert.equal(c.phase.kind, "closed");
  });

  it("describes its state", () => {
    assert.equal(describeChain(armed), "armed: waiting for the running turn to end");
    assert.equal(describeChain(run(1)), "running skill 2/2: /log --auto");
    assert.equal(describeChain(run(0, true, true)), "running skill 1/2: /learn (past the exit timeout)");
  });
});
