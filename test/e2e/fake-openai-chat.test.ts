import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { decideChat, startFakeChat, type ChatDecision, type FakeChat } from "./fake-openai-chat.ts";
import { HELLO, SLOW_TEXT } from "./fake-model.ts";

const shell = { type: "function", function: { name: "run_shell_command", parameters: { type: "object", properties: { command: { type: "string" }, description: { type: "string" }, is_background: { type: "boolean" } }, required: ["command", "is_background"] } } };
const tools = [shell, { type: "function", function: { name: "read_file", parameters: {} } }];
const user = (content: unknown) => ({ role: "user", content });

describe("the fake OpenAI Chat Completions API", () => {
  it("decides from the last user message", () => {
    const cases: Array<[string, Record<string, unknown>, ChatDecision]> = [
      ["plain text", { tools, messages: [user("say hello")] }, { kind: "text", text: HELLO }],
      ["E2E_SLOW", { tools, messages: [user([{ type: "text", text: "E2E_SLOW now" }])] }, { kind: "text", text: SLOW_TEXT, slow: true }],
      ["E2E_TOOL calls the shell tool with its required fields", { tools, messages: [user("E2E_TOOL E2E_CMD=/tmp/m go")] },
        { kind: "tool", name: "run_shell_command", args: { command: "touch /tmp/m", is_background: false } }],
      ["a command list", { tools: [{ type: "function", function: { name: "run_commands", parameters: { properties: { commands: { type: "array" } } } } }], messages: [user("E2E_TOOL")] },
        { kind: "tool", name: "run_commands", args: { commands: ["touch e2e-marker"] } }],
      ["no shell tool", { tools: [{ type: "function", function: { name: "read_file" } }], messages: [user("E2E_TOOL")] }, { kind: "text", text: "No shell tool offered: read_file" }],
      ["a tool result finishes", { tools, messages: [user("E2E_TOOL"), { role: "assistant", content: null }, { role: "tool", content: "done" }] }, { kind: "text", text: "Tool finished: done" }],
      ["a side request", { messages: [user("E2E_TOOL")] }, { kind: "text", text: "Fake side answer.", side: true }],
      ["a JSON side request", { messages: [user("x")], response_format: { type: "json_schema", json_schema: { schema: { properties: { title: { type: "string" } } } } } },
        { kind: "text", text: JSON.stringify({ title: "E2E fake title" }), side: true }],
    ];
    for (const [name, body, expected] of cases) assert.deepEqual(decideChat(body), expected, name);
  });

  describe("over HTTP", () => {
    let fake: FakeChat;
    before(async () => { fake = await startFakeChat(); });
    after(async () => { await fake.close(); });

    it("streams a text answer as chunks ending in [DONE], and answers without streaming", async () => {
      const post = (body: unknown) => fetch(`${fake.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const streamed = await (await post({ stream: true, tools, messages: [user("hi")] })).text();
      const content = streamed.split("\n").filter((l) => l.startsWith("data: {")).map((l) => JSON.parse(l.slice(6)) as { choices: Array<{ delta: { content?: string } }> })
        .map((c) => c.choices[0]?.delta.content ?? "").join("");
      assert.equal(content, HELLO);
      assert.match(streamed, /data: \[DONE\]\n\n$/);
      const whole = await (await post({ tools, messages: [user("E2E_TOOL")] })).json() as { choices: Array<{ message: { tool_calls: Array<{ function: { name: string } }> } }> };
      assert.equal(whole.choices[0]?.message.tool_calls[0]?.function.name, "run_shell_command");
      const models = await (await fetch(`${fake.url}/v1/models`)).json() as { data: Array<{ id: string }> };
      assert.ok(models.data.some((m) => m.id === "fake-model"));
      assert.equal(fake.requests.length, 3);
    });
  });
});
