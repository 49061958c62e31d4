/** The light/dark setting agentmux carries into each CLI's own theme (`agentmux theme`, theme.sync). */
export type ThemeMode = "light" | "dark" | "auto";

export const THEME_MODES: readonly ThemeMode[] = ["light", "dark", "auto"];

/**
 * I/O: write a mode into the CLI's own theme setting for its next sessions (never into a running
 * one); env names its config home. Answers one line of what changed, or null when nothing did
 * (already so, or the CLI has no setting for "auto" and keeps its own).
 */
export type ThemeSync = (mode: ThemeMode, env: Record<string, string | undefined>) => string | null;

/** A CLI's built-in themes as light/dark pairs, light first; the first pair is the default. */
export type ThemePairs = ReadonlyArray<readonly [string, string]>;

/** Pure: the theme for light or dark, keeping the family the user chose (a theme of a pair turns into its other half; any other into the first pair's). */
export function pairedTheme(pairs: ThemePairs, current: string | null, mode: "light" | "dark"): string {
  const pair = pairs.find((p) => p.includes(current ?? "")) ?? (pairs[0] as readonly [string, string]);
  return mode === "light" ? pair[0] : pair[1];
}
