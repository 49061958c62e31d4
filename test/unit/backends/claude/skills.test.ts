import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { claudeSkillDirectories } from "../../../../src/backends/claude/skills.ts";

describe("claudeSkillDirectories", () => {
  it("<config home>/skills, ~/.claude/skills without one; <project>/.claude/skills", () => {
    assert.deepEqual(claudeSkillDirectories("/c home #1", "/p 'x'"), { global: ["/c home #1/skills"], project: ["/p 'x'/.claude/skills"] });
    const saved = process.env["HOME"];
    process.env["HOME"] = "/home/ü";
    try {
      assert.deepEqual(claudeSkillDirectories(null, null), { global: [join("/home/ü", ".claude", "skills")], project: [] });
    } finally {
      if (saved === undefined) delete process.env["HOME"]; else process.env["HOME"] = saved;
    }
  });
});
