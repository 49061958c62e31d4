import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { decide, PLAN, SESSION_TITLE, startFakeAnthropic, type Decision, type FakeAnthropic } from "./fake-anthropic.ts";
import { HELLO, SLOW_TEXT } from "./fake-model.ts";

const bash = [{ name: "Bash", input_schema: {} }];
const claudeTools = ["Bash", "Write", "Edit", "WebFetch", "AskUserQuestion", "ExitPlanMode", "Agent", "mcp__e2e__echo", "mcp__e2e__ask", "mcp__agentmux__list_sessions", "mcp__agentmux__send_message", "mcp__agentmux__wait_for_state", "mcp__agentmux__read_session"].map((name) => ({ name, input_schema: {} }));
const touch = (cmd: string): Decision => ({ kind: "tool", name: "Bash", input: { command: cmd, description: "Create marker file" } });
const user = (content: unknown) => ({ role: "user", content });

describe("the fake Anthropic Messages API", () => {
  it("decides from the last non-system message", () => {
    const cases: Array<[string, Record<string, unknown>, Decision]> = [
      ["plain text", { tools: bash, messages: [user("say hello")] }, { kind: "text", text: HELLO }],
      ["a trailing system message is skipped", { tools: bash, messages: [user([{ type: "text", text: "E2E_SLOW now" }]), { role: "system", content: "reminder" }] },
        { kind: "text", text: SLOW_TEXT, slow: true }],
      ["E2E_TOOL runs the default command", { tools: bash, messages: [user("E2E_TOOL go")] }, touch("touch e2e-marker")],
      ["E2E_CMD chooses the path", { tools: bash, messages: [user("E2E_TOOL E2E_CMD=/tmp/m go")] }, touch("touch /tmp/m")],
      ["droid's shell tool is Execute", { tools: [{ name: "Execute", input_schema: {} }], messages: [user("E2E_TOOL E2E_CMD=/tmp/m go")] },
        { kind: "tool", name: "Execute", input: { summary: "Create the marker file", command: "touch /tmp/m", riskLevelReason: "E2E: creates one empty scratch file.", riskLevel: "medium" } }],
      ["a tool result finishes", { tools: bash, messages: [user([{ type: "tool_result", content: "done" }])] }, { kind: "text", text: "Tool finished: done" }],
      ["a side request gets a quick answer", { messages: [user("E2E_TOOL")] }, { kind: "text", text: "Fake side answer.", side: true }],
      ["a json schema gets matching JSON", { messages: [user("x")], output_config: { format: { type: "json_schema", schema: { properties: { title: { type: "string" }, n: { type: "integer" } } } } } },
        { kind: "text", text: JSON.stringify({ title: SESSION_TITLE, n: 0 }), side: true }],
    ];
    for (const [name, body, expected] of cases) assert.deepEqual(decide(body), expected, name);
  });

  it("E2E_RECALL answers the MARK- words of the earlier messages: a fork shows it inherited them", () => {
    const body = { tools: bash, messages: [user("remember MARK-tulip"), { role: "assistant", content: [{ type: "text", text: "ok MARK-tulip" }] }, user("MARK-rose too"), user([{ type: "text", text: "E2E_RECALL MARK-new" }])] };
    assert.deepEqual(decide(body), { kind: "text", text: "recall: MARK-tulip MARK-rose" });
    assert.deepEqual(decide({ tools: bash, messages: [user("E2E_RECALL")] }), { kind: "text", text: "recall: nothing" });
  });

  it("scripts Claude's dialogs and failures with E2E_ keywords", () => {
    const ask = (text: string) => decide({ tools: claudeTools, messages: [user([{ type: "text", text }])] });
    const tool = (d: Decision) => (d.kind === "tool" ? d : assert.fail(`not a tool call: ${JSON.stringify(d)}`));
    const questions = (d: Decision) => tool(d).input["questions"] as Array<{ header: string; multiSelect: boolean }>;
    assert.deepEqual(questions(ask("E2E_ASK pick")).map((q) => q.header), ["Colour"]);
    assert.deepEqual(questions(ask("E2E_ASK2 pick")).map((q) => q.header), ["Colour", "Size"]);
    assert.deepEqual(questions(ask("E2E_ASKMULTI pick")).map((q) => q.multiSelect), [true]);
    assert.deepEqual(tool(ask("E2E_PLAN go")), { kind: "tool", name: "ExitPlanMode", input: { plan: PLAN } });
    assert.equal(tool(ask("E2E_WRITE E2E_CMD=/w/a.txt")).name, "Write");
    assert.equal(tool(ask("E2E_WRITE E2E_CMD=/w/a.txt")).input["file_path"], "/w/a.txt");
    assert.equal(tool(ask("E2E_EDIT")).name, "Edit");
    assert.equal(tool(ask("E2E_FETCH")).name, "WebFetch");
    assert.equal(tool(ask("E2E_MCP")).name, "mcp__e2e__echo");
    assert.equal(tool(ask("E2E_ELICIT")).name, "mcp__e2e__ask");
    assert.deepEqual(tool(ask("E2E_MCP_LIST")), { kind: "tool", name: "mcp__agentmux__list_sessions", input: {} });
    assert.deepEqual(tool(ask("E2E_MCP_SEND E2E_TARGET=%12 go")), { kind: "tool", name: "mcp__agentmux__send_message", input: { target: "%12", text: "E2E_SAY=hello back from the fake model" } });
    assert.deepEqual(tool(ask("E2E_MCP_WAIT E2E_TARGET=%12")).input, { target: "%12", state: "waiting", timeout: 60 });
    assert.deepEqual(tool(ask("E2E_MCP_READ E2E_TARGET=%12")).input, { target: "%12", source: "transcript", turns: 1 });
    assert.equal(tool(ask("E2E_BGSH")).input["run_in_background"], true);
    assert.equal(tool(ask("E2E_AGENTBG")).input["run_in_background"], true);
    assert.equal(tool(ask("E2E_AGENT now")).input["run_in_background"], undefined);
    const sub = decide({ tools: claudeTools, messages: [user("E2E_SUBSLOW take your time")] }, undefined, { subMs: 7, longMs: 8, silentMs: 9 });
    assert.deepEqual([sub.kind, sub.kind === "text" && sub.ms], ["text", 7]);
    const status = (text: string) => { const d = ask(text); return d.kind === "error" ? [d.status, d.headers["retry-after"] ?? null, d.headers["x-should-retry"] ?? null] : d.kind; };
    assert.deepEqual(status("E2E_ERR"), [400, null, "false"]);
    assert.deepEqual(status("E2E_ERR500"), [500, null, "false"]);
    assert.deepEqual(status("E2E_RETRY429"), [429, "4", null]);
    assert.deepEqual(status("E2E_429"), [429, "1", "false"]);
    const long = ask("E2E_LONG");
    assert.ok(long.kind === "text" && long.slow && long.ms === 45_000);
    const silent = ask("E2E_SILENT");
    assert.ok(silent.kind === "text" && silent.silentMs === 40_000);
    // A rejected tool result and the next prompt arrive as one message: the keyword wins.
    const merged = decide({ tools: claudeTools, messages: [user([{ type: "tool_result", content: "rejected" }, { type: "text", text: "E2E_ASK again" }])] });
    assert.equal(tool(merged).name, "AskUserQuestion");
    // E2E_PLAN2: write the plan file named in the request, then (on its result) ExitPlanMode without input.
    const planned = decide({ tools: claudeTools, system: "Write your plan to /h/.claude/plans/e2e-plan.md", messages: [user("E2E_PLAN2 plan it")] });
    assert.deepEqual(tool(planned), { kind: "tool", name: "Write", input: { file_path: "/h/.claude/plans/e2e-plan.md", content: `${PLAN}\n` } });
    const exit = decide({ tools: claudeTools, messages: [user("E2E_PLAN2"), { role: "assistant", content: [{ type: "tool_use", name: "Write", input: tool(planned).input }] }, user([{ type: "tool_result", content: "ok" }])] });
    assert.deepEqual(exit, { kind: "tool", name: "ExitPlanMode", input: {} });
    // A system reminder after the typed text is not the prompt.
    const reminded = decide({ tools: claudeTools, messages: [user([{ type: "text", text: "E2E_PLAN" }, { type: "text", text: "<system-reminder>E2E_ASK</system-reminder>" }])] });
    assert.equal(tool(reminded).name, "ExitPlanMode");
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
      assert.deepEqual(logged?.decision, touch("touch /x"));
    });

    it("answers E2E_429 with the status and the rate-limit headers", async () => {
      const res = await post("/v1/messages", { model: "m", stream: true, tools: bash, messages: [user("E2E_429")] });
      assert.equal(res.status, 429);
      assert.equal(res.headers.get("anthropic-ratelimit-unified-status"), "rejected");
      assert.deepEqual(await res.json(), { type: "error", error: { type: "rate_limit_error", message: "E2E fake rate limit" } });
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
