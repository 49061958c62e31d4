import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { cline } from "../../../../src/backends/cline/index.ts";
import type { LaunchMode } from "../../../../src/backends/shared/types.ts";

const launch = (mode: LaunchMode, prompt?: string) => cline.launch({ mode, prompt, program: "cline", args: ["--x"] }).argv;

describe("the Cline backend's launch", () => {
  it("opens the TUI: on an initial prompt with -i (after --, so a prompt like a flag stays one), resuming with --id", () => {
    assert.deepEqual(launch({ kind: "new" }), ["cline", "--x"]);
    assert.deepEqual(launch({ kind: "new" }, "-v fix it"), ["cline", "--x", "-i", "--", "-v fix it"]);
    assert.deepEqual(launch({ kind: "resume", id: "1796178924040_m132v" }), ["cline", "--x", "--id", "1796178924040_m132v"]);
    assert.deepEqual(launch({ kind: "resume", id: "1796178924040_m132v" }, "go on"), ["cline", "--x", "--id", "1796178924040_m132v", "-i", "--", "go on"]);
  });

  it("cannot fork: the error says what to do instead", () => {
    assert.throws(() => launch({ kind: "fork", id: "s1" }), (e: Error & { hint?: string }) => /Cline cannot fork/.test(e.message) && /resume it instead/.test(e.hint ?? ""));
  });

  it("reads its screens: the input line (centred at start, column 0 after), never a sent prompt; the exit summary's resume command", () => {
    assert.ok(cline.readyPattern.test("                          ❯ What can I do for you?"));
    assert.ok(cline.readyPattern.test("x\n❯ Ask anything...\n"));
    assert.ok(!cline.readyPattern.test(" ❯ say hello"), "a prompt already sent is one column in");
    assert.equal(cline.resumeLine?.exec("  Continue  cline --id 1796179471485_oqxmj")?.[1], "1796179471485_oqxmj");
  });
});
