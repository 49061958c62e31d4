import { callerSession, verified } from "../session/caller.ts";
import { AgentmuxError } from "../util/errors.ts";
import type { Context } from "./context.ts";

/** The session the caller runs in, as callerSession answers it. */
export type Caller = Awaited<ReturnType<typeof callerSession>>;

/**
 * Called from inside an agent session, verbs that act on other sessions (and snooze, daemon stop)
 * need control.enabled; read, list and wait always work, and so does send --from-agent (its
 * message says it is an agent's). "Inside" is decided from the process's ancestry and its terminal,
 * and a claim of the environment (AGENTMUX_SESSION, TMUX_PANE) counts too, so removing a variable
 * is not enough to look like a person; the own pane is only one the process facts bear out. A courtesy to keep agents in their lane, not a boundary: tmux
 * lets any process on the server drive any pane. `own` names the one pane the caller may act on
 * anyway (its own session, for handoff).
 */
export async function requireControl(ctx: Context, verb: string, own?: string, caller?: Promise<Caller>): Promise<void> {
  if (ctx.config.control.enabled) return;
  // A verb a key runs asks first, beside its own questions to tmux (callerSession answers null on any failure).
  const inside = await (caller ?? callerSession(ctx.tmux));
  if (!inside || (own !== undefined && verified(inside)?.pane === own)) return;
  throw new AgentmuxError(`${verb} from inside an agent session (${inside.pane}, known by ${inside.by}) needs the control API, which is off`, {
    hint: `set "control: {enabled: true}" in ${ctx.config.file ?? "~/.config/agentmux/config.yml"} to let agents drive other sessions`,
  });
}
