import { tellTyped } from "../daemon/typed-client.ts";
import type { Context } from "./context.ts";

/** Tell the daemon what agentmux typed into a session (daemon/typed-client.ts). */
export function notifyTyped(ctx: Context, pane: string, kind: "escape" | "submit" | "keys", at = Date.now()): Promise<void> {
  return tellTyped(ctx.tmux, pane, kind, at);
}
