import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { codexSkillDirectories } from "../../../../src/backends/codex/skills.ts";

describe("codexSkillDirectories", () => {
  it("$CODEX_HOME/skills (~/.codex/skills) and ~/.agents/skills; <project>/.agents/skills and .codex/skills", () => {
    const saved = process.env["HOME"];
    process.env["HOME"] = "/home/ü";
    try {
      assert.deepEqual(codexSkillDirectories("/x 100%", "/p"), { global: ["/x 100%/skills", "/home/ü/.agents/skills"], project: ["/p/.agents/skills", "/p/.codex/skills"] });
      assert.deepEqual(codexSkillDirectories(null, null), { global: ["/home/ü/.codex/skills", "/home/ü/.agents/skills"], project: [] });
    } finally {
      if (saved === undefined) delete process.env["HOME"]; else process.env["HOME"] = saved;
    }
  });
});
