import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { explainStateInput, groupSendInput, listSessionsInput, newSessionInput, readSessionInput, sendKeysInput, sendMessageInput, waitForStateInput } from "../../../src/mcp/schemas.ts";

/** What the SDK says of an input: the issues' messages and where, or the parsed value. */
function check(shape: z.ZodRawShape, input: unknown): string[] | Record<string, unknown> {
  const r = z.object(shape).safeParse(input);
  return r.success ? r.data : r.error.issues.map((i) => `${i.message} @ ${i.path.join(".")}`);
}

describe("mcp tool inputs: a bad one names the input and the fix", () => {
  const cases: Array<[string, z.ZodRawShape, unknown, RegExp]> = [
    ["a missing target", sendMessageInput, { text: "hi" }, /^target is missing: give a session's pane id \(e\.g\. %12\), display name or instance name, as list_sessions shows them @ target$/],
    ["an empty target", readSessionInput, { target: "  " }, /^target is empty: give a session's pane id/],
    ["a target that is not a string", explainStateInput, { target: 12 }, /^target must be a string: a session's pane id/],
    ["an empty message", sendMessageInput, { target: "%12", text: "" }, /^text is empty: give the message to send @ text$/],
    ["a negative timeout", sendMessageInput, { target: "%12", text: "hi", timeout: -1 }, /^timeout must be more than 0 seconds, e.g\. 120 @ timeout$/],
    ["an unknown source", readSessionInput, { target: "%12", source: "disk" }, /^source must be "screen" \(what the pane shows\) or "transcript"/],
    ["a fractional line count", readSessionInput, { target: "%12", lines: 2.5 }, /^lines must be a whole number, e\.g\. 40 @ lines$/],
    ["a string that is not a key", sendKeysInput, { target: "%12", keys: ["Enter", "rm -rf /"] }, /^"rm -rf \/" is not a key agentmux sends: use one of Enter, Escape, .*, or a single character such as y, n or 1 @ keys\.1$/],
    ["a tmux command dressed as a key", sendKeysInput, { target: "%12", keys: ["C-b :kill-server"] }, /is not a key agentmux sends/],
    ["no keys", sendKeysInput, { target: "%12", keys: [] }, /^keys is empty: give at least one key/],
    ["keys as a string", sendKeysInput, { target: "%12", keys: "Enter" }, /^keys must be a list of key names/],
    ["an unknown state", waitForStateInput, { target: "%12", state: "asleep" }, /^state must be one of working, blocked, waiting, idle, closing, exited @ state$/],
    ["a group name with a space", groupSendInput, { group: "my crew", text: "hi" }, /^group is not a usable group name: use letters, digits/],
    ["a group name with a space, to list", listSessionsInput, { group: "a b" }, /^group is not a usable group name/],
    ["an empty backend", newSessionInput, { backend: "" }, /^backend is empty: give an agent CLI's name/],
  ];
  for (const [what, shape, input, expected] of cases) {
    it(what, () => {
      const got = check(shape, input);
      assert.ok(Array.isArray(got), `accepted: ${JSON.stringify(got)}`);
      assert.match(got[0] ?? "", expected);
    });
  }

  it("good inputs pass, with their defaults", () => {
    assert.deepEqual(check(readSessionInput, { target: "rcpt \"q\" #1 ü" }), { target: "rcpt \"q\" #1 ü", source: "screen" });
    assert.deepEqual(check(waitForStateInput, { group: "crew", state: "waiting" }), { group: "crew", state: "waiting", timeout: 120 });
    assert.deepEqual(check(sendKeysInput, { target: "%12", keys: ["Escape", "1", "y", "Enter", "C-c"] }), { target: "%12", keys: ["Escape", "1", "y", "Enter", "C-c"] });
    assert.deepEqual(check(newSessionInput, {}), {});
  });
});
