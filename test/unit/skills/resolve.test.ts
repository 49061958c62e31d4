import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { assignIds, type Discovery } from "../../../src/skills/discover.ts";
import { resolveSkill } from "../../../src/skills/resolve.ts";
import { AgentmuxError } from "../../../src/util/errors.ts";
import { throwsLine } from "../../helpers/assert-error.ts";
import type { BackendName } from "../../../src/backends/index.ts";

function found(name: string, backend: BackendName | null) {
  return {
    name, backend, scope: backend === null ? "configured" as const : "global" as const, dir: `/s/${name}`, file: `/s/${name}/SKILL.md`,
    meta: { name, description: "", argumentHint: null, arguments: [], userInvocable: true, model: null },
  };
}

const discovery: Discovery = {
  skills: assignIds([found("review", "claude"), found("review", "codex"), found("plan ✓", "codex"), found("audit", null), found("plan ✓", null)]),
  problems: [{ name: "broken", backend: "claude", file: "/s/broken/SKILL.md", error: new AgentmuxError("/s/broken/SKILL.md:3: frontmatter key \"model\": must be a text") }],
};

describe("resolveSkill", () => {
  it("takes a qualified id as it is", () => {
    assert.equal(resolveSkill(discovery, "codex:review", undefined).backend, "codex");
    assert.equal(resolveSkill(discovery, "config:plan ✓", undefined).backend, null);
  });
  it("picks a same-named skill by the backend (--backend or the target session's)", () => {
    assert.equal(resolveSkill(discovery, "review", "claude").id, "claude:review");
    assert.equal(resolveSkill(discovery, "review", "codex").id, "codex:review");
  });
  it("prefers the backend's own skill over a configured one of the same name", () => {
    assert.equal(resolveSkill(discovery, "plan ✓", "codex").id, "codex:plan ✓");
    assert.equal(resolveSkill(discovery, "plan ✓", "claude").id, "config:plan ✓");
  });
  it("a configured skill runs with any backend", () => {
    assert.equal(resolveSkill(discovery, "audit", "claude").id, "audit");
  });
  it("refuses an ambiguous name without a backend, naming the ids", () => {
    throwsLine(() => resolveSkill(discovery, "review", undefined), /"review" is ambiguous: claude:review, codex:review \(name one of them/);
  });
  it("refuses a qualified id of another backend than the session's", () => {
    throwsLine(() => resolveSkill(discovery, "codex:review", "claude"), /not a skill of claude \(it is codex:review\)/);
  });
  it("a malformed skill's own error (file, line, key)", () => {
    throwsLine(() => resolveSkill(discovery, "broken", "claude"), /broken\/SKILL\.md:3: frontmatter key "model"/);
  });
  it("an unknown name points at skill list", () => {
    throwsLine(() => resolveSkill(discovery, "nope", undefined), /no skill named "nope" \(agentmux skill list/);
  });
});
