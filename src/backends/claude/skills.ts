import { homedir } from "node:os";
import { join } from "node:path";

/**
 * Where Claude Code loads skills (docs/backends/claude.md, "Skills"): <config home>/skills, the
 * config home being CLAUDE_CONFIG_DIR or ~/.claude; and <project>/.claude/skills.
 */
export function claudeSkillDirectories(home: string | null, projectDir: string | null): { global: string[]; project: string[] } {
  const base = home ?? join(process.env["HOME"] || homedir(), ".claude");
  return { global: [join(base, "skills")], project: projectDir === null ? [] : [join(projectDir, ".claude", "skills")] };
}
