import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { decide, JUSTIFICATION, PATCH_FILE, startFakeOpenAI, type Decision, type FakeOpenAI } from "./fake-openai.ts";
import { HELLO, SLOW_TEXT } from "./fake-model.ts";

const tools = [{ type: "function", name: "exec_command" }, { type: "function", name: "write_stdin" }];
const user = (text: string) => ({ type: "message", role: "user", content: [{ type: "input_text", text }] });
const escalated = (cmd: string): Decision => ({ kind: "tool", name: "exec_command", args: { cmd, sandbox_permissions: "require_escalated", justification: JUSTIFICATION } });

describe("the fake OpenAI Responses API", () => {
  it("decides from the input items", () => {
    const cases: Array<[string, Record<string, unknown>, Decision]> = [
      ["plain text", { tools, input: [user("say hello")] }, { kind: "text", text: HELLO }],
      ["E2E_SLOW", { tools, input: [user("E2E_SLOW now")] }, { kind: "text", text: SLOW_TEXT, slow: true }],
      ["E2E_TOOL asks for an escalated exec_command", { tools, input: [user("E2E_TOOL go")] }, escalated("touch e2e-marker")],
      ["E2E_CMD chooses the path", { tools, input: [user("E2E_TOOL E2E_CMD=/tmp/m go")] }, escalated("touch /tmp/m")],
      ["the older shell tool", { tools: [{ name: "shell" }], input: [user("E2E_TOOL")] }, { kind: "tool", name: "shell", args: { command: ["bash", "-lc", "touch e2e-marker"] } }],
      ["a tool result finishes", { tools, input: [user("E2E_TOOL"), { type: "function_call" }, { type: "function_call_output", output: "done" }] },
        { kind: "text", text: "Tool finished: done" }],
      ["a side request gets a quick answer", { input: [user("E2E_TOOL")] }, { kind: "text", text: "Fake side answer.", side: true }],
      ["a json schema gets matching JSON", { input: [user("x")], text: { format: { type: "json_schema", schema: { properties: { title: { type: "string" } } } } } },
        { kind: "text", text: JSON.stringify({ title: "E2E fake title" }), side: true }],
    ];
    for (const [name, body, expected] of cases) assert.deepEqual(decide(body), expected, name);
  });

  it("E2E_RECALL answers the MARK- words of the input before the last user message", () => {
    const said = { type: "message", role: "assistant", content: [{ type: "output_text", text: "noted MARK-tulip" }] };
    assert.deepEqual(decide({ tools, input: [user("remember MARK-tulip"), said, user("E2E_RECALL MARK-new")] }), { kind: "text", text: "recall: MARK-tulip" });
  });

  it("E2E_WRITE=<path> runs a shell command that writes one line there, asked for like E2E_TOOL's", () => {
    assert.deepEqual(decide({ tools, input: [user("E2E_WRITE=a.txt please")] }), { kind: "tool", name: "exec_command", args: { cmd: "printf '%s\\n' 'written by the fake model' > 'a.txt'", sandbox_permissions: "require_escalated", justification: JUSTIFICATION } });
  });

  it("E2E_PATCH calls apply_patch (freeform or function) outside the workspace; E2E_429 is a usage limit", () => {
    const patch = (file: string) => `*** Begin Patch\n*** Add File: ${file}\n+patched by the fake model\n*** End Patch\n`;
    const freeform = [...tools, { type: "custom", name: "apply_patch" }];
    assert.deepEqual(decide({ tools: freeform, input: [user("E2E_PATCH now")] }), { kind: "custom", name: "apply_patch", input: patch(PATCH_FILE) });
    assert.deepEqual(decide({ tools: [{ type: "function", name: "apply_patch" }], input: [user("E2E_PATCH=/x/y.txt")] }), { kind: "tool", name: "apply_patch", args: { input: patch("/x/y.txt") } });
    assert.match(JSON.stringify(decide({ tools, input: [user("E2E_PATCH")] })), /No apply_patch tool offered/);
    const limit = decide({ tools, input: [user("E2E_429")] });
    assert.equal(limit.kind === "error" && limit.status, 429);
  });

  describe("over HTTP on 127.0.0.1", () => {
    let fake: FakeOpenAI;
    before(async () => { fake = await startFakeOpenAI({ port: 0, slowMs: 200, thinkMs: 50 }); });
    after(() => fake.close());

    const post = (body: unknown) => fetch(`${fake.url}/v1/responses`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

    it("answers non-streaming requests and logs them", async () => {
      assert.match(fake.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await post({ model: "m", tools, input: [user("E2E_TOOL E2E_CMD=/x")] });
      const body = await res.json() as { output: Array<{ type: string; name: string; arguments: string }> };
      assert.equal(body.output[0]?.type, "function_call");
      const expected = escalated("touch /x");
      assert.deepEqual(JSON.parse(body.output[0]?.arguments ?? "{}"), expected.kind === "tool" ? expected.args : null);
      assert.deepEqual(fake.requests.at(-1)?.decision, expected);
    });

    it("streams a freeform apply_patch call, and answers E2E_429 with a 429", async () => {
      const freeform = [...tools, { type: "custom", name: "apply_patch" }];
      const text = await (await post({ model: "m", stream: true, tools: freeform, input: [user("E2E_PATCH")] })).text();
      assert.match(text, /"type":"custom_tool_call".*"name":"apply_patch"/);
      assert.match(text, /event: response\.custom_tool_call_input\.done/);
      const limited = await post({ model: "m", stream: true, tools, input: [user("E2E_429")] });
      assert.equal(limited.status, 429);
      assert.equal((await limited.json() as { error: { type: string } }).error.type, "usage_limit_reached");
    });

    it("streams the Responses events, slowly for E2E_SLOW", async () => {
      const res = await post({ model: "m", stream: true, tools, input: [user("E2E_SLOW")] });
      assert.equal(res.headers.get("content-type"), "text/event-stream");
      const text = await res.text();
      const events = [...text.matchAll(/^event: ([\w.]+)$/gm)].map((m) => m[1]);
      assert.deepEqual([events[0], events[1], events.at(-1)], ["response.created", "response.in_progress", "response.completed"]);
      const deltas = [...text.matchAll(/"response\.output_text\.delta".*?"delta":"([^"]*)"/g)].map((m) => m[1]).join("");
      assert.equal(deltas, SLOW_TEXT);
    });
  });
});
