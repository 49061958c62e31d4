import { AgentmuxError } from "../util/errors.ts";
import { verified, type Inside } from "./caller.ts";

/**
 * The control gate, decided in one place for the CLI and the MCP server (control/gate.ts) and for the daemon, where
 * its acting ops are carried out (daemon/gate.ts). From inside an agent session, verbs that act on
 * other sessions need control.enabled. `own` is the one pane the caller may act on anyway (its own
 * session), and only when the process facts place it there. A courtesy to keep agents in their
 * lane, not a boundary: tmux lets any process on the server drive any pane (README, Security model).
 */
export function controlRefusal(verb: string, inside: Inside | null, request: { enabled: boolean; own?: string | undefined; configFile?: string | null | undefined }): AgentmuxError | null {
  if (request.enabled || !inside) return null;
  if (request.own !== undefined && verified(inside)?.pane === request.own) return null;
  return new AgentmuxError(`${verb} from inside an agent session (${inside.pane}, known by ${inside.by}) needs the control API, which is off`, {
    hint: `set "control: {enabled: true}" in ${request.configFile ?? "~/.config/agentmux/config.yml"} to let agents drive other sessions`,
  });
}
