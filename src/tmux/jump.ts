import { THEN } from "./safe-text.ts";

/**
 * Make a pane current in its window and session and show it on a client: the one that opened the
 * popup or pressed the key (-c), or tmux's current client when none is named.
 */
export function jumpArgs(pane: string, client?: string): string[] {
  return ["select-window", "-t", pane, THEN, "select-pane", "-t", pane, THEN, "switch-client", ...(client ? ["-c", client] : []), "-t", pane];
}
