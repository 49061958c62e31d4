import { join } from "node:path";
import { pairedTheme, type ThemeMode, type ThemePairs } from "../shared/theme.ts";
import { readConfigText, rewriteConfig, setTableValue, tableValue } from "./config.ts";
import { codexHome } from "./hooks.ts";
import { tomlString } from "./toml.ts";
import { verifiedToml } from "./toml-check.ts";

/**
 * Codex's only theme is its syntax highlighting theme (`/theme`, kept as `[tui] theme` in
 * config.toml; its default is the dark catppuccin-mocha). Pairs of its built-in themes, light
 * first: a theme of a pair turns into its other half, any other into catppuccin's.
 */
const PAIRS: ThemePairs = [
  ["catppuccin-latte", "catppuccin-mocha"],
  ["solarized-light", "solarized-dark"],
  ["gruvbox-light", "gruvbox-dark"],
  ["one-half-light", "one-half-dark"],
  ["base16-ocean-light", "base16-ocean-dark"],
  ["coldark-cold", "coldark-dark"],
  ["monokai-extended-light", "monokai-extended"],
];

/** Pure: the theme for light or dark, keeping the family the user chose. */
export function codexTheme(current: string | null, mode: "light" | "dark"): string {
  return pairedTheme(PAIRS, current, mode);
}

const unquote = (value: string | null): string | null => {
  if (value === null) return null;
  try { return typeof JSON.parse(value) === "string" ? (JSON.parse(value) as string) : null; } catch { return null; }
};

/**
 * Write light or dark into Codex's config.toml (backed up first, written whole). Codex has no
 * "auto": its theme is left as it is. A config.toml agentmux cannot read is left untouched (thrown).
 */
export function codexThemeSync(mode: ThemeMode, env: Record<string, string | undefined>): string | null {
  if (mode === "auto") return null;
  const file = join(codexHome(env), "config.toml");
  const text = readConfigText(file);
  const next = pairedTheme(PAIRS, unquote(tableValue(text ?? "", ["tui"], "theme", file)), mode);
  const written = verifiedToml(setTableValue(text ?? "", ["tui"], "theme", tomlString(next), file), text, file);
  return rewriteConfig(file, written, text).changed ? `${file}: [tui] theme ${next}` : null;
}
