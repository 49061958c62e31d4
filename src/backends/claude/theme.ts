import { join } from "node:path";
import { homedir } from "node:os";
import type { ThemeMode } from "../shared/theme.ts";
import { readClaudeJson, writeClaudeJson } from "./json.ts";

/** Claude Code's themes: auto, and light or dark each plain, colourblind-friendly (daltonized) or ANSI-only. */
const VARIANT = /^(?:light|dark)(-daltonized|-ansi)?$/;

/** Pure: the theme for a mode, keeping the variant the user chose ("dark-ansi" becomes "light-ansi"). */
export function claudeTheme(current: unknown, mode: ThemeMode): string {
  if (mode === "auto") return "auto";
  const variant = typeof current === "string" ? (VARIANT.exec(current)?.[1] ?? "") : "";
  return `${mode}${variant}`;
}

/** Where Claude Code keeps its global config (its `theme`): $CLAUDE_CONFIG_DIR/.claude.json, else ~/.claude.json. */
export function claudeJsonFile(env: Record<string, string | undefined>): string {
  const dir = env["CLAUDE_CONFIG_DIR"];
  return dir ? join(dir, ".claude.json") : join(env["HOME"] || homedir(), ".claude.json");
}

/**
 * Claude Code reads `theme` from its global config at start. A file not there yet is left for
 * Claude's first run (it asks the theme in its onboarding); one that does not parse is left alone.
 */
export function claudeThemeSync(mode: ThemeMode, env: Record<string, string | undefined>): string | null {
  const file = claudeJsonFile(env);
  const read = readClaudeJson(file);
  if (read.kind !== "ok") return null;
  const next = claudeTheme(read.value["theme"], mode);
  if (read.value["theme"] === next) return null;
  writeClaudeJson(file, { ...read.value, theme: next }, read.text);
  return `${file}: theme ${next}`;
}
