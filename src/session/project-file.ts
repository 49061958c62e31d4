import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { AgentmuxError } from "../util/errors.ts";

export const PROJECT_FILE = ".agentmux.yml";

/**
 * The watch patterns a project file (.agentmux.yml: sessions[].watch[] with pattern and notify)
 * declares for a session: the entry named like the session's instance, or like its directory
 * when it has none.
 */
export function projectWatches(dir: string, names: string[]): string[] {
  const file = join(dir, PROJECT_FILE);
  if (!existsSync(file)) return [];
  let data: unknown;
  try {
    data = parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new AgentmuxError(`${file}: not valid YAML: ${(error as Error).message.split("\n")[0]}`, { hint: "fix the file, or remove it" });
  }
  const sessions = (data as { sessions?: unknown } | null)?.sessions;
  if (sessions === undefined) return [];
  if (!Array.isArray(sessions)) throw new AgentmuxError(`${file}: sessions is not a list`, { hint: "write sessions: [{name: api, watch: [{pattern: 'ERR!'}]}]" });
  const patterns: string[] = [];
  for (const entry of sessions as Array<{ name?: unknown; watch?: unknown }>) {
    if (!entry || typeof entry.name !== "string" || !names.includes(entry.name) || !Array.isArray(entry.watch)) continue;
    for (const w of entry.watch as Array<{ pattern?: unknown; notify?: unknown }>) {
      if (typeof w?.pattern !== "string" || w.pattern === "") throw new AgentmuxError(`${file}: session ${entry.name}: a watch without a pattern`, { hint: "give each watch a pattern" });
      if (w.notify !== false) patterns.push(w.pattern);
    }
  }
  return patterns;
}

/** All the patterns of a pane as one extended regex for grep -E (each kept whole by its group). */
export function combinePatterns(patterns: string[]): string {
  return patterns.length === 1 ? (patterns[0] ?? "") : patterns.map((p) => `(${p})`).join("|");
}
