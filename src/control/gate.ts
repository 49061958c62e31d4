import { callerSession } from "../session/caller.ts";
import { controlRefusal } from "../session/control-gate.ts";
import type { ControlDeps } from "./deps.ts";

/** The session the caller runs in, as callerSession answers it. */
export type Caller = Awaited<ReturnType<typeof callerSession>>;

/**
 * Called from inside an agent session, verbs that act on other sessions (and snooze, daemon stop,
 * remote start and pair) need control.enabled; read, list and wait always work, and so does send
 * --from-agent (its message says it is an agent's). "Inside" is decided from the process's ancestry
 * and its terminal, and a claim of the environment (AGENTMUX_SESSION, TMUX_PANE) counts too, so
 * removing a variable is not enough to look like a person. The decision is session/control-gate.ts's,
 * which the daemon applies again to the ops it carries out; the CLI's verbs and the MCP server's
 * tools both come here. `own` names the one pane the caller may act on anyway (its own session,
 * for handoff).
 */
export async function requireControl(deps: ControlDeps, verb: string, own?: string, caller?: Promise<Caller>): Promise<void> {
  if (deps.config.control.enabled) return;
  // A verb a key runs asks first, beside its own questions to tmux (callerSession answers null on any failure).
  const refused = controlRefusal(verb, await (caller ?? callerSession(deps.tmux)), { enabled: false, own, configFile: deps.config.file });
  if (refused) throw refused;
}
