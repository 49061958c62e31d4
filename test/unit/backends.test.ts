import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { BACKENDS, getBackend } from "../../src/backends/index.ts";
import type { BackendName } from "../../src/backends/index.ts";
import type { LaunchMode } from "../../src/backends/shared/types.ts";

type Row = [BackendName, LaunchMode, string | undefined, string[] | RegExp];
const NEW: LaunchMode = { kind: "new" };
const resume = (id: string): LaunchMode => ({ kind: "resume", id });
const fork = (id: string): LaunchMode => ({ kind: "fork", id });

const rows: Row[] = [
  ["claude", NEW, undefined, ["claude", "--x"]],
  ["claude", NEW, "fix the bug", ["claude", "--x", "fix the bug"]],
  ["claude", NEW, "-v is a flag?", ["claude", "--x", "--", "-v is a flag?"]],
  ["claude", resume("abc"), undefined, ["claude", "--x", "--resume", "abc"]],
  ["claude", fork("abc"), "go on", ["claude", "--x", "--resume", "abc", "--fork-session", "go on"]],
  ["codex", NEW, undefined, ["codex", "--x"]],
  ["codex", NEW, "hi", ["codex", "--x", "hi"]],
  ["codex", resume("t-1"), undefined, ["codex", "resume", "--x", "t-1"]],
  ["codex", fork("t-1"), "branch", ["codex", "fork", "--x", "t-1", "branch"]],
  ["opencode", NEW, "hi", ["opencode", "--x", "--prompt", "hi"]],
  ["opencode", resume("s1"), undefined, ["opencode", "--x", "--session", "s1"]],
  ["opencode", fork("s1"), undefined, ["opencode", "--x", "--session", "s1", "--fork"]],
  ["gemini", NEW, "hi", ["gemini", "--x", "-i", "hi"]],
  ["gemini", resume("latest"), undefined, ["gemini", "--x", "--resume", "latest"]],
  ["gemini", fork("s1"), undefined, /Gemini CLI cannot fork/],
  ["generic", resume("s1"), undefined, /cannot resume/],
];

describe("backend launch argv", () => {
  for (const [name, mode, prompt, expected] of rows) {
    it(`${name} ${mode.kind}${prompt ? ` "${prompt}"` : ""}`, () => {
      const run = () => BACKENDS[name].launch({ mode, prompt, program: name, args: ["--x"] });
      if (expected instanceof RegExp) assert.throws(run, expected);
      else assert.deepEqual(run().argv, expected);
    });
  }

  it("uses the configured program", () => {
    assert.deepEqual(BACKENDS.claude.launch({ mode: NEW, program: "/opt/claude/bin/claude", args: [] }).argv, ["/opt/claude/bin/claude"]);
  });

  it("generic runs simple commands with exec and lists as written", () => {
    const simple = BACKENDS.generic.launch({ mode: NEW, program: "sh", args: [], command: "htop -d 5" });
    assert.deepEqual(simple.argv, ["/bin/sh", "-c", "exec htop -d 5"]);
    const list = BACKENDS.generic.launch({ mode: NEW, program: "sh", args: [], command: "make && make test" });
    assert.deepEqual(list.argv, ["/bin/sh", "-c", "make && make test"]);
    assert.throws(() => BACKENDS.generic.launch({ mode: NEW, program: "sh", args: [] }), /no command given/);
    assert.throws(() => BACKENDS.generic.launch({ mode: NEW, program: "sh", args: [], command: "x", prompt: "p" }), /takes no --prompt/);
  });

  it("an unknown backend names the known ones", () => {
    assert.throws(() => getBackend("cursor"), /unknown backend "cursor"/);
  });

  it("ready patterns match the real prompts", () => {
    assert.match("╭──╮\n❯\u00a0\n", BACKENDS.claude.readyPattern);
    assert.match("› Ask Codex to do anything\n", BACKENDS.codex.readyPattern);
    assert.doesNotMatch("Welcome to Claude Code\n", BACKENDS.claude.readyPattern);
  });
});
