import type { ControlDeps } from "../control/deps.ts";
import { callerSession } from "../session/caller.ts";

export interface McpDeps {
  /** What the control functions need, made for each call: the config is read again, so a change to control.enabled counts at once. */
  control(): ControlDeps;
}

/**
 * The session this server runs in (the agent that started it), from its process ancestry and
 * terminal, or a claim of its environment; null outside every session. A tool never acts on it.
 */
export async function ownPane(deps: ControlDeps): Promise<string | null> {
  return (await callerSession(deps.tmux))?.pane ?? null;
}
