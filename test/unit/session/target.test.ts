import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { resolveTarget } from "../../../src/session/target.ts";
import { throwsLine } from "../../helpers/assert-error.ts";

describe("target resolution", () => {
  const sessions = [
    { pane: "%1", name: "api", instance: "" },
    { pane: "%2", name: "api:review", instance: "review" },
    { pane: "%3", name: "web:review", instance: "review" },
    { pane: "%4", name: "docs:w1", instance: "w1" },
  ];
  it("pane id", () => assert.equal(resolveTarget("%3", sessions).pane, "%3"));
  it("display name", () => assert.equal(resolveTarget("api:review", sessions).pane, "%2"));
  it("instance name", () => assert.equal(resolveTarget("w1", sessions).pane, "%4"));
  it("ambiguous instance lists candidates", () => throwsLine(() => resolveTarget("review", sessions), /ambiguous: api:review \(%2\), web:review \(%3\).*pane id/));
  it("unknown lists sessions", () => throwsLine(() => resolveTarget("nope", sessions), /no session "nope" \(sessions: api \(%1\), api:review/));
  it("none at all points to new", () => throwsLine(() => resolveTarget("x", []), /agentmux new/));
});
