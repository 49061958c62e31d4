import { AgentmuxError } from "../util/errors.ts";
import type { Context } from "./context.ts";

/**
 * Called from inside an agent session, verbs that act on other sessions need control.enabled;
 * read, list and wait always work. A person's shell (no AGENTMUX_SESSION) is never limited.
 */
export function requireControl(ctx: Context, verb: string): void {
  if (!process.env["AGENTMUX_SESSION"] || ctx.config.control.enabled) return;
  throw new AgentmuxError(`${verb} from inside an agent session needs the control API, which is off`, {
    hint: `set "control: {enabled: true}" in ${ctx.config.file ?? "~/.config/agentmux/config.yml"} to let agents drive other sessions`,
  });
}
