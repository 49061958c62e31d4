import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { decide, SESSION_TITLE, startFakeAnthropic, type Decision, type FakeAnthropic } from "./fake-anthropic.ts";
import { HELLO, SLOW_TEXT } from "./fake-model.ts";

const bash = [{ name: "Bash", input_schema: {} }];
const user = (content: unknown) => ({ role: "user", content });

describe("the fake Anthropic Messages API", () => {
  it("decides from the last non-system message", () => {
    const cases: Array<[string, Record<string, unknown>, Decision]> = [
      ["plain text", { tools: bash, messages: [user("say hello")] }, { kind: "text", text: HELLO }],
      ["a trailing system message is skipped", { tools: bash, messages: [user([{ type: "text", text: "E2E_SLOW now" }]), { role: "system", content: "reminder" }] },
        { kind: "text", text: SLOW_TEXT, slow: true }],
      ["E2E_TOOL runs the default command", { tools: bash, messages: [user("E2E_TOOL go")] }, { kind: "tool", name: "Bash", cmd: "touch e2e-marker" }],
      ["E2E_CMD chooses the path", { tools: bash, messages: [user("E2E_TOOL E2E_CMD=/tmp/m go")] }, { kind: "tool", name: "Bash", cmd: "touch /tmp/m" }],
      ["a tool result finishes", { tools: bash, messages: [user([{ type: "tool_result", content: "done" }])] }, { kind: "text", text: "Tool finished: done" }],
      ["a side request gets a quick answer", { messages: [user("E2E_TOOL")] }, { kind: "text", text: "Fake side answer.", side: true }],
      ["a json schema gets matching JSON", { messages: [user("x")], output_config: { format: { type: "json_schema", schema: { properties: { title: { type: "string" }, n: { type: "integer" } } } } } },
        { kind: "text", text: JSON.stringify({ title: SESSION_TITLE, n: 0 }), side: true }],
    ];
    for (const [name, body, expected] of cases) assert.deepEqual(decide(body), expected, name);
  });

  describe("over HTTP on 127.0.0.1", () => {
    let fake: FakeAnthropic;
    before(async () => { fake = await startFakeAnthropic({ port: 0, slowMs: 200 }); });
    after(() => fake.close());

    const post = (path: string, body: unknown) => fetch(`${fake.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

    it("listens on an ephemeral port and answers the probes", async () => {
      assert.match(fake.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.notEqual(fake.port, 0);
      assert.equal((await fetch(fake.url, { method: "HEAD" })).status, 200);
      const models = await (await fetch(`${fake.url}/v1/models`)).json() as { data: unknown[] };
      assert.equal(models.data.length, 1);
      assert.deepEqual(await (await post("/v1/messages/count_tokens", {})).json(), { input_tokens: 42 });
    });

    it("answers non-streaming requests with a message and logs them", async () => {
      const res = await post("/v1/messages?beta=true", { model: "m", tools: bash, messages: [user("E2E_TOOL E2E_CMD=/x")] });
      const msg = await res.json() as { stop_reason: string; content: Array<{ type: string; input: { command: string } }> };
      assert.equal(msg.stop_reason, "tool_use");
      assert.equal(msg.content[0]?.input.command, "touch /x");
      const logged = fake.requests.at(-1);
      assert.equal(logged?.url, "/v1/messages?beta=true");
      assert.deepEqual(logged?.decision, { kind: "tool", name: "Bash", cmd: "touch /x" });
    });

    it("streams server-sent events, slowly for E2E_SLOW", async () => {
      const res = await post("/v1/messages", { model: "m", stream: true, tools: bash, messages: [user("E2E_SLOW")] });
      assert.equal(res.headers.get("content-type"), "text/event-stream");
      const text = await res.text();
      const events = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
      assert.equal(events[0], "message_start");
      assert.equal(events.at(-1), "message_stop");
      const deltas = [...text.matchAll(/"text_delta","text":"([^"]*)"/g)].map((m) => m[1]).join("");
      assert.equal(deltas, SLOW_TEXT);
      assert.match(text, /"stop_reason":"end_turn"/);
    });
  });
});
