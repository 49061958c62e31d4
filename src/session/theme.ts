import { THEME_MODES, type ThemeMode } from "../backends/shared/theme.ts";
import { getBackend, BACKEND_NAMES } from "../backends/index.ts";
import { accountHomes } from "../accounts/home-env.ts";
import type { Config } from "../config/config.ts";
import type { Tmux } from "../tmux/tmux.ts";

/** The tmux option that holds the light/dark setting (`agentmux theme` sets it; unset is auto). */
export const THEME_OPTION = "@agentmux-theme";

/**
 * Pure: light or dark from $COLORFGBG ("fg;bg", set by rxvt, Konsole, iTerm2 and others): a
 * background of ANSI 0-6 or 8 is dark, 7 or 9-15 light (as Claude Code reads it); null when unset
 * or unreadable.
 */
export function themeFromColorFgBg(value: string | null | undefined): "light" | "dark" | null {
  const bg = Number((value ?? "").split(";").at(-1));
  if (value === undefined || value === null || value === "" || !Number.isInteger(bg) || bg < 0 || bg > 15) return null;
  return bg === 7 || bg >= 9 ? "light" : "dark";
}

/**
 * The mode to write: @agentmux-theme when light or dark; for auto (or unset), the terminal's
 * background where it can be told (tmux 3.3 reports no client's colours, so $COLORFGBG as the
 * server's environment or this process has it); else auto, which each CLI takes its own way.
 */
export async function resolveTheme(tmux: Tmux, env: Record<string, string | undefined> = process.env): Promise<{ set: ThemeMode; mode: ThemeMode }> {
  const raw = (await tmux.getOption("global", THEME_OPTION).catch(() => "")).split("\n")[0]?.trim() ?? "";
  const set: ThemeMode = (THEME_MODES as readonly string[]).includes(raw) ? raw as ThemeMode : "auto";
  if (set !== "auto") return { set, mode: set };
  const server = await tmux.globalEnvironment().catch(() => new Map<string, string | null>());
  return { set, mode: themeFromColorFgBg(server.get("COLORFGBG")) ?? themeFromColorFgBg(env["COLORFGBG"]) ?? "auto" };
}

/** Sync one CLI's theme in one home (a launch's environment): what changed, or why it failed (never a failed launch). */
export function syncThemeFor(backend: string, mode: ThemeMode, env: Record<string, string | undefined>): { line: string | null; failed: boolean } {
  const sync = getBackend(backend).syncTheme;
  if (!sync) return { line: null, failed: false };
  try {
    return { line: sync(mode, env), failed: false };
  } catch (error) {
    return { line: `theme sync for ${backend}: ${(error as Error).message}`, failed: true };
  }
}

/** Every CLI with a theme setting, in every account home of the config: what `agentmux theme` changes at once. */
export function syncAllThemes(config: Config, mode: ThemeMode, env: Record<string, string | undefined> = process.env): string[] {
  const lines: string[] = [];
  for (const name of BACKEND_NAMES) {
    if (!getBackend(name).syncTheme) continue;
    for (const home of accountHomes(config, name, env)) {
      const { line } = syncThemeFor(name, mode, home.env);
      if (line) lines.push(line);
    }
  }
  return lines;
}
