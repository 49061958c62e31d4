import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mainArgument, toolLine } from "../../../../src/backends/shared/tool-line.ts";

describe("toolLine: a tool call in one line", () => {
  it("names the tool and its main argument, the most telling key first", () => {
    assert.equal(toolLine("Bash", { command: "ls -la", description: "List files" }), "Bash: ls -la");
    assert.equal(toolLine("Edit", { file_path: "src/a.ts", old_string: "a", new_string: "b" }), "Edit: src/a.ts");
    assert.equal(toolLine("Grep", { pattern: "TODO", path: "src" }), "Grep: TODO");
    assert.equal(toolLine("Read", { file_path: "/a/b c.ts", offset: 3 }), "Read: /a/b c.ts");
    assert.equal(toolLine("WebFetch", { url: "https://example.com", prompt: "summarise" }), "WebFetch: https://example.com");
    assert.equal(toolLine("Task", { description: "find the bug", prompt: "long prompt" }), "Task: find the bug");
  });

  it("a tool without a known argument is its name alone", () => {
    assert.equal(toolLine("TodoWrite", { todos: [] }), "TodoWrite");
    assert.equal(toolLine("ExitPlanMode", undefined), "ExitPlanMode");
  });

  it("an argv command: a shell's -lc script, else the words", () => {
    assert.equal(mainArgument({ command: ["bash", "-lc", "npm test"] }), "npm test");
    assert.equal(mainArgument({ command: ["git", "status"] }), "git status");
    assert.equal(mainArgument({ cmd: "rg foo" }), "rg foo");
  });

  it("a patch names the files it touches; a long or multi-line argument stays one line", () => {
    assert.equal(mainArgument("*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: b #1.ts\n+x\n*** End Patch"), "src/a.ts, b #1.ts");
    assert.equal(mainArgument({ command: "echo one\necho two" }), "echo one echo two");
    const long = mainArgument({ command: "x".repeat(500) });
    assert.equal([...long].length, 200);
    assert.ok(long.endsWith("…"));
  });
});
