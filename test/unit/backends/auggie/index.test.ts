import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { auggie } from "../../../../src/backends/auggie/index.ts";

const launch = (mode: Parameters<typeof auggie.launch>[0]["mode"], prompt?: string) => auggie.launch({ mode, prompt, program: "auggie", args: ["--permission", "launch-process:ask-user"] }).argv;

describe("Auggie's launch", () => {
  it("a prompt goes after --, so one starting with a dash is no option", () => {
    assert.deepEqual(launch({ kind: "new" }), ["auggie", "--permission", "launch-process:ask-user"]);
    assert.deepEqual(launch({ kind: "new" }, "-v fix it"), ["auggie", "--permission", "launch-process:ask-user", "--", "-v fix it"]);
  });
  it("resumes a conversation by id with --resume (the TUI takes it too)", () => {
    assert.deepEqual(launch({ kind: "resume", id: "6a0512a3-c85c-445b-a639-74be8868e6fe" }, "go on"), ["auggie", "--permission", "launch-process:ask-user", "--resume", "6a0512a3-c85c-445b-a639-74be8868e6fe", "--", "go on"]);
  });
  it("cannot fork: it says so and what to do instead", () => {
    assert.throws(() => launch({ kind: "fork", id: "x" }), (e: Error & { hint?: string }) => /Auggie cannot fork/.test(e.message) && /resume it instead/.test(e.hint ?? ""));
  });
  it("the resume line it prints at exit names the conversation", () => {
    const line = "✨ Tip: Use 'auggie session continue' or 'auggie session resume 27b3337e-909b-47f7-b034-6d4f07fbc20c' to resume your session";
    assert.equal(auggie.resumeLine?.exec(line)?.[1], "27b3337e-909b-47f7-b034-6d4f07fbc20c");
  });
});
