/** The light/dark setting agentmux carries into each CLI's own theme (`agentmux theme`, theme.sync). */
export type ThemeMode = "light" | "dark" | "auto";

export const THEME_MODES: readonly ThemeMode[] = ["light", "dark", "auto"];

/**
 * I/O: write a mode into the CLI's own theme setting for its next sessions (never into a running
 * one); env names its config home. Answers one line of what changed, or null when nothing did
 * (already so, or the CLI has no setting for "auto" and keeps its own).
 */
export type ThemeSync = (mode: ThemeMode, env: Record<string, string | undefined>) => string | null;
