import { shQuote } from "../util/sh.ts";
import { setOptionArgs, type OptionScope } from "./options.ts";
import { cleanLine, escapeExpand, escapeTime, formatLiteral, timeFormatLiteral, type Format } from "./safe-text.ts";

/**
 * argv builders for the tmux commands that expand an argument as a format: each takes the text
 * as data and escapes it itself, so a caller cannot forget. They answer plain argv, for one-shot
 * commands and the control connection alike.
 */

/** The longest window name agentmux gives (tmux cuts longer names in the status line anyway). */
export const MAX_WINDOW_NAME = 200;

/** `-n NAME` for new-window, or `rename-window`: the name is a format there. */
export function windowNameArg(name: string): string {
  return formatLiteral(name, MAX_WINDOW_NAME);
}

/**
 * The name tmux keeps for a window named `name` by agentmux: cleaned, and a `#` before `[` still
 * doubled (expansion leaves it, so the status line draws it as text, not as a style).
 */
export function shownWindowName(name: string): string {
  return cleanLine(name, MAX_WINDOW_NAME).replace(/#+(?=\[)/g, (run) => run + run);
}

export function renameWindowArgs(target: string, name: string): string[] {
  return ["rename-window", "-t", target, windowNameArg(name)];
}

/** new-window/split-window/respawn-pane/display-popup -c/-d: the directory is expanded (never drawn), so it stays exact. */
export function startDirArg(dir: string): string {
  return escapeExpand(dir);
}

/** A sh command line of argv (each word quoted), escaped for a command that expands it as a format (and through strftime). */
function shellCommand(argv: readonly string[], strftime: boolean): string {
  const formatSafe = escapeExpand(argv.map(shQuote).join(" "));
  return strftime ? escapeTime(formatSafe) : formatSafe;
}

/** pipe-pane -O of argv (exec'd); no argv stops piping. */
export function pipePaneArgs(pane: string, argv?: readonly string[]): string[] {
  if (!argv) return ["pipe-pane", "-t", pane];
  return ["pipe-pane", "-O", "-t", pane, `exec ${shellCommand(argv, true)}`];
}

/** run-shell (-b: in the background) of argv. */
export function runShellArgs(argv: readonly string[], options: { background?: boolean } = {}): string[] {
  return ["run-shell", ...(options.background ? ["-b"] : []), shellCommand(argv, false)];
}

/** display-message of text on a client (or tmux's current one): shown literally, on one line. */
export function displayMessageArgs(request: { text: string; client?: string | undefined }): string[] {
  return ["display-message", ...(request.client ? ["-c", request.client] : []), timeFormatLiteral(request.text)];
}

/** set-option of an option tmux reads as a format (a border, a status segment): only a Format goes in. */
export function setFormatOptionArgs(scope: OptionScope, name: string, value: Format): string[] {
  return setOptionArgs(scope, name, value);
}
