import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { decide, startFakeGemini, type Decision, type FakeGemini } from "./fake-gemini.ts";
import { HELLO, SLOW_TEXT } from "./fake-model.ts";

const tools = [{ functionDeclarations: [{ name: "run_shell_command" }, { name: "ask_user" }] }];
const user = (text: string) => ({ role: "user", parts: [{ text }] });

describe("the fake Gemini API", () => {
  it("decides from the last content", () => {
    const cases: Array<[string, Record<string, unknown>, Decision]> = [
      ["plain text", { tools, contents: [user("hi")] }, { kind: "text", text: HELLO }],
      ["E2E_SLOW", { tools, contents: [user("E2E_SLOW")] }, { kind: "text", text: SLOW_TEXT, slow: true }],
      ["E2E_TOOL runs the shell tool", { tools, contents: [user("E2E_TOOL")] }, { kind: "tool", name: "run_shell_command", args: { command: "touch e2e-marker", description: "Create marker file" } }],
      ["a function response finishes", { tools, contents: [{ role: "user", parts: [{ functionResponse: { name: "x", response: { output: "ok" } } }] }] }, { kind: "text", text: 'Tool finished: {"output":"ok"}' }],
      ["a schema gets JSON from its minimum", { contents: [user("x")], generationConfig: { responseJsonSchema: { type: "object", properties: { complexity_score: { type: "integer", minimum: 1 } } } } },
        { kind: "text", text: JSON.stringify({ complexity_score: 1 }), side: true }],
    ];
    for (const [name, body, expected] of cases) assert.deepEqual(decide(body), expected, name);
    const ask = decide({ tools, contents: [user("E2E_ASK pick")] });
    assert.equal(ask.kind === "tool" && ask.name, "ask_user");
  });

  describe("over HTTP on 127.0.0.1", () => {
    let fake: FakeGemini;
    before(async () => { fake = await startFakeGemini({ port: 0, slowMs: 100, thinkMs: 10 }); });
    after(() => fake.close());

    it("streams server-sent chunks, the last one with finishReason STOP", async () => {
      const res = await fetch(`${fake.url}/v1beta/models/m:streamGenerateContent?alt=sse`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ tools, contents: [user("E2E_SLOW")] }) });
      const chunks = (await res.text()).split("\r\n\r\n").filter(Boolean).map((c) => JSON.parse(c.replace(/^data: /, "")) as { candidates: Array<{ content: { parts: Array<{ text: string }> }; finishReason?: string }> });
      assert.equal(chunks.map((c) => c.candidates[0]?.content.parts[0]?.text).join(""), SLOW_TEXT);
      assert.equal(chunks.at(-1)?.candidates[0]?.finishReason, "STOP");
      assert.equal(fake.requests.at(-1)?.decision?.kind, "text");
    });
  });
});
