import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { formatProblem } from "../../../src/detect/problems.ts";

describe("formatProblem", () => {
  it("reads file:line:col: key: what (fix), like config errors", () => {
    const line = formatProblem({ file: "/home/u/.config/agentmux/agents/my agent.yml", line: 12, col: 7, key: "rules.dialog.all[1].regex", message: "invalid regular expression: /(/u: Unterminated group", fix: "escape ( with a backslash" });
    assert.equal(line, "/home/u/.config/agentmux/agents/my agent.yml:12:7: rules.dialog.all[1].regex: invalid regular expression: /(/u: Unterminated group (escape ( with a backslash)");
  });
});
