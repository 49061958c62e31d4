import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { decideAugment, startFakeAugment, type AugmentDecision, type FakeAugment } from "./fake-augment.ts";
import { HELLO, SLOW_TEXT } from "./fake-model.ts";

const tools = [{ name: "launch-process" }, { name: "view" }];
const text = (content: string) => ({ id: 1, type: 0, text_node: { content } });

describe("the fake Augment backend", () => {
  it("decides from the message and the text nodes", () => {
    const cases: Array<[string, Record<string, unknown>, AugmentDecision]> = [
      ["plain text", { tool_definitions: tools, nodes: [text("say hello")] }, { kind: "text", text: HELLO }],
      ["E2E_SLOW in the message", { tool_definitions: tools, message: "E2E_SLOW now", nodes: [] }, { kind: "text", text: SLOW_TEXT, slow: true }],
      ["E2E_TOOL runs launch-process", { tool_definitions: tools, nodes: [text("E2E_TOOL E2E_CMD=/tmp/m go")] },
        { kind: "tool", name: "launch-process", input: { command: "touch /tmp/m", wait: true, max_wait_seconds: 30, cwd: "/w" } }],
      ["no launch-process tool", { tool_definitions: [{ name: "view" }], nodes: [text("E2E_TOOL")] }, { kind: "text", text: "No launch-process tool: view" }],
      ["a tool result finishes", { tool_definitions: tools, nodes: [{ id: 1, type: 1, tool_result_node: { content: "done" } }] }, { kind: "text", text: "Tool finished: done" }],
      ["E2E_RECALL names the history's markers", { tool_definitions: tools, chat_history: [{ request_message: "MARK-alpha hi" }], nodes: [text("E2E_RECALL")] }, { kind: "text", text: "recall: MARK-alpha" }],
      ["a side request", { nodes: [text("E2E_TOOL")] }, { kind: "text", text: "Fake side answer.", side: true }],
    ];
    for (const [name, body, expected] of cases) assert.deepEqual(decideAugment(body, "touch e2e-marker", "/w"), expected, name);
  });

  describe("over HTTP", () => {
    let fake: FakeAugment;
    before(async () => { fake = await startFakeAugment(); });
    after(async () => { await fake.close(); });

    it("streams NDJSON results ending in a stop reason, and turns Auggie's hooks on", async () => {
      const post = (path: string, body: unknown) => fetch(`${fake.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const lines = (await (await post("/chat-stream", { tool_definitions: tools, nodes: [text("hi")] })).text()).trim().split("\n").map((l) => JSON.parse(l) as { text: string; stop_reason?: number });
      assert.equal(lines.map((l) => l.text).join(""), HELLO);
      assert.equal(lines.at(-1)?.stop_reason, 1);
      const tool = (await (await post("/chat-stream", { tool_definitions: tools, nodes: [text("E2E_TOOL")] })).text()).trim().split("\n").map((l) => JSON.parse(l) as { nodes: Array<{ type: number; tool_use?: { tool_name: string } }>; stop_reason?: number });
      assert.equal(tool.at(-1)?.nodes[0]?.tool_use?.tool_name, "launch-process");
      assert.equal(tool.at(-1)?.stop_reason, 3);
      const models = await (await post("/get-models", {})).json() as { feature_flags: Record<string, boolean> };
      assert.equal(models.feature_flags["enable_hooks"], true);
      assert.equal(models.feature_flags["enable_plugin_marketplace"], true);
      assert.deepEqual(await (await post("/report-error", {})).json(), {});
      assert.equal(fake.requests.length, 4);
      assert.equal(fake.requests[1]?.decision?.kind, "tool");
    });
  });
});
