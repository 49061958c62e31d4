import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { buildServer } from "../../../src/mcp/server.ts";
import { failure } from "../../../src/mcp/result.ts";
import { AgentmuxError } from "../../../src/util/errors.ts";

/** A client on a server whose deps fail the test if a tool gets as far as asking for them. */
async function connected(): Promise<{ client: Client; asked: string[] }> {
  const asked: string[] = [];
  const { server } = buildServer({ control: () => { asked.push("control"); throw new Error("deps asked for"); } }, "0.0.0", () => undefined);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "unit", version: "1" });
  await client.connect(b);
  return { client, asked };
}

describe("mcp server: inputs are checked before a tool runs", () => {
  it("a bad input is a tool error naming it, and the tool's work never starts", async () => {
    const { client, asked } = await connected();
    const r = await client.callTool({ name: "wait_for_state", arguments: { target: "%12", state: "asleep" } }) as { isError?: boolean; content: Array<{ text: string }> };
    assert.equal(r.isError, true);
    assert.match(r.content[0]?.text ?? "", /Invalid arguments for tool wait_for_state: state must be one of working, blocked, waiting, idle, closing, exited at state/);
    assert.deepEqual(asked, []);
    await client.close();
  });

  it("subscribing to a URI that names no session's resource is refused with what a good one looks like", async () => {
    const { client } = await connected();
    await assert.rejects(client.subscribeResource({ uri: "file:///etc/passwd" }), /file:\/\/\/etc\/passwd is not an agentmux resource \(use agentmux:\/\/pane\/N\/state or agentmux:\/\/pane\/N\/answer/);
    await client.close();
  });
});

describe("mcp tool errors", () => {
  it("an agentmux error reads as the CLI prints it: the cause, then the fix", () => {
    assert.deepEqual(failure(new AgentmuxError("no session \"x\"", { hint: "sessions: a (%12)" })), { content: [{ type: "text", text: "no session \"x\" (sessions: a (%12))" }], isError: true });
  });
});
