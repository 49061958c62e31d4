import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { exitSteps, isStepPrompt, stepCommand, type ExitStep } from "../../../src/lifecycle/exit-steps.ts";
import type { ExitSkill } from "../../../src/config/config.ts";

const plain = (name: string): ExitStep => ({ name, invocation: `/${name}`, args: "", receipt: false });

describe("exit steps", () => {
  const skill = (name: string, patch: Partial<ExitSkill> = {}): ExitSkill => ({ name, directories: null, args: "", receipt: false, ...patch });
  const config = (skills: ExitSkill[], directories: string[] = []) => ({ skills, directories, timeout: 600 });
  const names = (s: ExitStep[]) => s.map((x) => x.invocation);

  it("prefixes each skill with the backend's prefix; no prefix, no skills", () => {
    assert.deepEqual(names(exitSteps(config([skill("a"), skill("b")]), "/", "/w")), ["/a", "/b"]);
    assert.deepEqual(names(exitSteps(config([skill("a")]), "$", "/w")), ["$a"]);
    assert.deepEqual(exitSteps(config([skill("a")]), undefined, "/w"), []);
  });

  it("exit.directories scopes unscoped skills; an entry's directories replace them", () => {
    const c = config([skill("any"), skill("work", { directories: ["/home/u/work"] }), skill("other", { directories: ["/elsewhere"] })], ["/home/u/proj"]);
    assert.deepEqual(names(exitSteps(c, "/", "/home/u/proj/sub")), ["/any"]);
    assert.deepEqual(names(exitSteps(c, "/", "/home/u/work")), ["/work"]);
    assert.deepEqual(names(exitSteps(c, "/", "/home/u/workshop")), [], "a sibling with the same prefix is not inside");
    assert.deepEqual(names(exitSteps(config([skill("root", { directories: ["/"] })]), "/", "/x/y")), ["/root"]);
  });

  it("resolves symbolic links on both sides", () => {
    const links: Record<string, string> = { "/link/proj": "/real/proj", "/home/u/l": "/real" };
    const resolve = (p: string) => links[p] ?? p;
    assert.deepEqual(names(exitSteps(config([skill("a", { directories: ["/home/u/l"] })]), "/", "/link/proj", resolve)), ["/a"]);
  });

  it("builds the command: args appended, then the receipt file", () => {
    const step = exitSteps(config([skill("log", { args: "--auto", receipt: true })]), "/", "/w")[0] as ExitStep;
    assert.equal(stepCommand(step, "/tmp/r/receipt.json"), "/log --auto --receipt-file /tmp/r/receipt.json");
    assert.equal(stepCommand(plain("x")), "/x");
    assert.ok(isStepPrompt(step, "/log --auto --receipt-file /tmp/r/receipt.json"));
    assert.ok(isStepPrompt(plain("x"), " /x "));
    assert.ok(!isStepPrompt(plain("x"), "/xy"));
  });
});
