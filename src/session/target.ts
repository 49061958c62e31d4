import { AgentmuxError } from "../util/errors.ts";

export interface Targetable { pane: string; name: string; instance: string }

/** Resolve TARGET: a pane id, a display name, or an instance name. Unknown or ambiguous is an error listing the candidates. */
export function resolveTarget<T extends Targetable>(target: string, sessions: T[]): T {
  const candidates = () => sessions.map((s) => `${s.name} (${s.pane})`).join(", ") || "none: start one with agentmux new";
  if (target === "") throw new AgentmuxError("no target given", { hint: `name a session: ${candidates()}` });
  const byPane = sessions.find((s) => s.pane === target);
  if (byPane) return byPane;
  const byName = sessions.filter((s) => s.name === target);
  if (byName.length === 1 && byName[0]) return byName[0];
  const matches = byName.length > 0 ? byName : sessions.filter((s) => s.instance !== "" && s.instance === target);
  if (matches.length === 1 && matches[0]) return matches[0];
  if (matches.length > 1) {
    throw new AgentmuxError(`target "${target}" is ambiguous: ${matches.map((s) => `${s.name} (${s.pane})`).join(", ")}`, { hint: "use the pane id" });
  }
  throw new AgentmuxError(`no session "${target}"`, { hint: `sessions: ${candidates()}` });
}

/** TARGET, else the session of the pane this runs in. */
export function targetOrCurrent(target: string | undefined, verb: string): string {
  const current = target ?? process.env["AGENTMUX_SESSION"] ?? process.env["TMUX_PANE"];
  if (!current) throw new AgentmuxError(`${verb} needs a TARGET outside tmux`, { hint: `name a session: agentmux ${verb} NAME (see agentmux list)` });
  return current;
}
