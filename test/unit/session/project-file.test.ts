import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseProjectFile } from "../../../src/session/project-file.ts";

describe("the project file allow list", () => {
  it("parses sessions and watches; a watch without a pattern is an error naming the file", () => {
    assert.deepEqual(parseProjectFile("sessions:\n  - name: web\n    watch:\n      - pattern: X\n      - {pattern: Y, notify: false}\n", "f"), [{ name: "web", watch: [{ pattern: "X", notify: true }, { pattern: "Y", notify: false }] }]);
    assert.throws(() => parseProjectFile("sessions:\n  - name: web\n    watch:\n      - notify: true\n", "/r/.agentmux.yml"), /^AgentmuxError: \/r\/\.agentmux\.yml: session web: a watch without a pattern$/);
  });
});
