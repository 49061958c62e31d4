import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { firstLines, hookAsk } from "../../../../src/backends/shared/hook-ask.ts";

interface Line { event?: string; type?: string; payload?: Record<string, unknown>; properties?: Record<string, unknown> }

/** The hook payloads the real CLIs sent (test/fixtures/real/hooks). */
function payloads(file: string): Line[] {
  const text = readFileSync(new URL(`../../../../test/fixtures/real/hooks/${file}`, import.meta.url), "utf8");
  return text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Line);
}
function find(file: string, event: string, which = 0): Record<string, unknown> {
  const found = payloads(file).filter((l) => l.event === event)[which]?.payload;
  assert.ok(found, `${file} has ${event} #${which}`);
  return found;
}

describe("hookAsk on the real payloads", () => {
  it("Claude's Bash permission: the tool, its command and description", () => {
    for (const event of ["PreToolUse", "PermissionRequest"]) {
      assert.deepEqual(hookAsk(event, find("claude-hooks.jsonl", event)), { kind: "permission", summary: "Bash: touch /home/dev/e2e/x", text: ["Bash: touch /home/dev/e2e/x", "Create marker file"], options: [] });
    }
  });

  it("Codex's permission request (its description is the reason it gave)", () => {
    assert.deepEqual(hookAsk("PermissionRequest", find("codex-hooks.jsonl", "PermissionRequest")), { kind: "permission", summary: "Bash: touch /home/dev/e2e/y", text: ["Bash: touch /home/dev/e2e/y", "E2E: may I create the marker file?"], options: [] });
  });

  it("a tool that ran (PostToolUse: its tool_response) is done", () => {
    assert.deepEqual(hookAsk("PostToolUse", find("claude-hooks.jsonl", "PostToolUse")), { kind: "done" });
    assert.deepEqual(hookAsk("PostToolUse", find("codex-hooks.jsonl", "PostToolUse")), { kind: "done" });
    assert.deepEqual(hookAsk("AfterTool", find("gemini-hooks.jsonl", "AfterTool")), { kind: "done" });
  });

  it("Stop's last_assistant_message is the answer, first lines only", () => {
    assert.deepEqual(hookAsk("Stop", find("claude-hooks.jsonl", "Stop")), { kind: "answer", summary: "Hello from the fake model.", text: ["Hello from the fake model."], options: [] });
    const codex = hookAsk("Stop", find("codex-hooks.jsonl", "Stop", 2));
    assert.equal(codex?.kind, "answer");
    assert.ok(codex && "text" in codex && codex.text.length <= 6 && codex.text[0] === "Tool finished: Chunk ID: 162571");
  });

  it("Gemini: BeforeTool's tool, the ToolPermission notification's command, AfterAgent's prompt_response", () => {
    assert.equal(hookAsk("BeforeTool", find("gemini-hooks.jsonl", "BeforeTool"))?.kind, "permission");
    const notification = payloads("gemini-hooks.jsonl").find((l) => l.event === "Notification" && l.payload?.["notification_type"] === "ToolPermission")?.payload;
    assert.ok(notification);
    assert.deepEqual(hookAsk("Notification", notification), { kind: "permission", summary: "touch /home/dev/e2e/z", text: ["Tool Confirm Shell Command requires execution", "touch /home/dev/e2e/z"], options: [] });
    const after = hookAsk("AfterAgent", find("gemini-hooks.jsonl", "AfterAgent"));
    assert.equal(after?.kind, "answer");
  });

  it("Claude's permission_prompt notification is weak text (the tool's payload says more)", () => {
    assert.deepEqual(hookAsk("Notification", find("claude-hooks.jsonl", "Notification")), { kind: "permission", summary: "Claude needs your permission", text: ["Claude needs your permission"], options: [], weak: true });
  });

  it("events that ask nothing tell nothing", () => {
    assert.equal(hookAsk("UserPromptSubmit", find("claude-hooks.jsonl", "UserPromptSubmit")), null);
    assert.equal(hookAsk("SessionStart", find("claude-hooks.jsonl", "SessionStart")), null);
  });
});

describe("hookAsk on AskUserQuestion and ExitPlanMode (their tool_input as Claude Code sends it)", () => {
  const colour = { question: "Which colour should the marker be?", header: "Colour", options: [{ label: "Red", description: "A red marker" }, { label: "Blue", description: "A blue marker" }], multiSelect: false };
  const size = { question: "How big should the marker be?", header: "Size", options: [{ label: "Small", description: "One line" }, { label: "Large", description: "A whole page" }], multiSelect: false };

  it("a question: its text and the option labels", () => {
    assert.deepEqual(hookAsk("PermissionRequest", { tool_name: "AskUserQuestion", tool_input: { questions: [colour] } }), { kind: "question", summary: "Which colour should the marker be?", text: ["Which colour should the marker be?"], options: ["Red", "Blue"] });
  });

  it("several questions: all texts, the first one's options, the count in the summary", () => {
    assert.deepEqual(hookAsk("PreToolUse", { tool_name: "AskUserQuestion", tool_input: { questions: [colour, size] } }), { kind: "question", summary: "Which colour should the marker be? (+1 more)", text: ["Which colour should the marker be?", "How big should the marker be?"], options: ["Red", "Blue"] });
  });

  it("a plan: its first lines, the heading as the summary", () => {
    const plan = "# E2E plan\n\n1. Create the marker file.\n2. Report back.";
    assert.deepEqual(hookAsk("PermissionRequest", { tool_name: "ExitPlanMode", tool_input: { plan } }), { kind: "plan", summary: "Plan: E2E plan", text: ["# E2E plan", "1. Create the marker file.", "2. Report back."], options: [] });
  });

  it("a long plan or answer keeps six lines, each on one line and clipped", () => {
    const long = Array.from({ length: 50 }, (_, i) => `${i + 1}. Step ${i + 1} of the plan.`).join("\n");
    assert.equal(firstLines(long).length, 6);
    assert.equal([...firstLines("x".repeat(500))[0]!].length, 200);
  });

  it("an Edit's file, a fetch's URL", () => {
    assert.equal(hookAsk("PermissionRequest", { tool_name: "Edit", tool_input: { file_path: "/w/e2e-note.txt", old_string: "a", new_string: "b" } })?.kind, "permission");
    assert.deepEqual(hookAsk("PermissionRequest", { tool_name: "WebFetch", tool_input: { url: "https://example.com/e2e", prompt: "Summarise the page" } }), { kind: "permission", summary: "WebFetch: https://example.com/e2e", text: ["WebFetch: https://example.com/e2e"], options: [] });
  });
});
