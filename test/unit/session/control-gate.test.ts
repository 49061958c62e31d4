import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { controlRefusal } from "../../../src/session/control-gate.ts";

describe("the control gate", () => {
  const byAncestry = { pane: "%12", by: "its process ancestry" as const };
  const claim = { pane: "%12", by: "AGENTMUX_SESSION" as const, claimed: true as const };

  it("a person (no session) and an agent with the control API on pass", () => {
    assert.equal(controlRefusal("kill", null, { enabled: false }), null);
    assert.equal(controlRefusal("kill", byAncestry, { enabled: true }), null);
  });

  it("an agent is refused, naming the verb, its session and how it was known, and the config key", () => {
    const refused = controlRefusal("remote pair", byAncestry, { enabled: false, configFile: "/c/config.yml" });
    assert.equal(refused?.message, "remote pair from inside an agent session (%12, known by its process ancestry) needs the control API, which is off");
    assert.match(refused?.hint ?? "", /control: \{enabled: true\}" in \/c\/config\.yml/);
  });

  it("its own session passes only when the process facts place it there, never on a claim", () => {
    assert.equal(controlRefusal("handoff", byAncestry, { enabled: false, own: "%12" }), null);
    assert.notEqual(controlRefusal("handoff", claim, { enabled: false, own: "%12" }), null);
    assert.notEqual(controlRefusal("handoff", byAncestry, { enabled: false, own: "%13" }), null);
  });
});
