import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { sessionDecision, statelessDecision } from "../../../src/chief/decision.ts";

describe("the chief's decisions", () => {
  it("a session answer: the last No nudge. or Nudge: line decides; thinking aloud before it does not", () => {
    assert.deepEqual(sessionDecision("No nudge."), { kind: "none" });
    assert.deepEqual(sessionDecision("**No nudge.**"), { kind: "none" });
    assert.deepEqual(sessionDecision("Nudge: Call Ana before 16:00"), { kind: "nudge", message: "Call Ana before 16:00" });
    assert.deepEqual(sessionDecision("Looking at the plan... a Nudge: would be wrong here.\nNo nudge."), { kind: "none" });
    assert.deepEqual(sessionDecision("No nudge.\nNudge: the release is due at 17:00,\nstart the checklist"), { kind: "nudge", message: "the release is due at 17:00, start the checklist" });
    assert.equal(sessionDecision("Nudge:").kind, "unclear");
    const unclear = sessionDecision("I think you should rest.");
    assert.equal(unclear.kind, "unclear");
    assert.match(unclear.kind === "unclear" ? unclear.why : "", /neither "No nudge\." nor "Nudge: …": I think you should rest\./);
  });

  it("a stateless answer: the last JSON object with a boolean notify decides; an echoed example, braces in strings and broken JSON do not", () => {
    const echoed = 'schema: {"notify": true or false, "message": "..."}\nexample: {"notify": true, "message": "example {nudge}"}\n{"type":"result","result":"x"}\nanswer: {"notify": false, "message": ""}';
    assert.deepEqual(statelessDecision(echoed), { kind: "none" });
    assert.deepEqual(statelessDecision('{"notify": false} then {"notify": true, "message": "Send the invoice {#42}", "state_update": "invoice pending"}'), { kind: "nudge", message: "Send the invoice {#42}", stateUpdate: "invoice pending" });
    assert.deepEqual(statelessDecision('{"outer": {"notify": true, "message": "nested"}}'), { kind: "nudge", message: "nested" });
    assert.equal(statelessDecision('{"notify": "yes", "message": "a string is no boolean"}').kind, "unclear");
    assert.equal(statelessDecision('{"notify": true}').kind, "unclear");
    assert.equal(statelessDecision("no JSON at all").kind, "unclear");
  });
});
