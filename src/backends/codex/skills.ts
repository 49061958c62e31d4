import { homedir } from "node:os";
import { join } from "node:path";

/**
 * Where Codex loads skills (docs/backends/codex.md, "Skills"): $CODEX_HOME/skills (~/.codex/skills)
 * and ~/.agents/skills; in a project, .agents/skills and .codex/skills.
 */
export function codexSkillDirectories(home: string | null, projectDir: string | null): { global: string[]; project: string[] } {
  const user = process.env["HOME"] || homedir();
  const base = home ?? join(user, ".codex");
  return {
    global: [join(base, "skills"), join(user, ".agents", "skills")],
    project: projectDir === null ? [] : [join(projectDir, ".agents", "skills"), join(projectDir, ".codex", "skills")],
  };
}
