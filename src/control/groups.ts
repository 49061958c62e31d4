import { promptLineOf } from "../backends/index.ts";
import { tellTyped } from "../daemon/typed-client.ts";
import { DraftInTheWay, sendText } from "../session/send.ts";
import { listSessions, type NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import type { ControlDeps } from "./deps.ts";
import { requireControl } from "./gate.ts";

const GROUP = /^[\w.-]{1,64}$/;

/** A group name: letters, digits, '.', '_' and '-', at most 64. */
export function checkGroupName(group: string): void {
  if (!GROUP.test(group)) throw new AgentmuxError(`"${group}" is not a usable group name`, { hint: "use letters, digits, '.', '_' and '-'" });
}

/** Members of a group; a group with no session at all is an error, never a silent "0 sessions". */
export async function groupMembers(deps: { tmux: Tmux }, group: string): Promise<NamedSession[]> {
  const members = (await listSessions(deps.tmux, { includeExited: true })).filter((s) => s.group === group);
  if (members.length === 0) throw new AgentmuxError(`no group "${group}"`, { hint: "put sessions in it with agentmux group TARGET G, or agentmux new --group G" });
  return members;
}

export interface GroupSent { group: string; sent: string[]; refused: DraftInTheWay[]; skipped: string[] }

/**
 * `group-send G TEXT`: the text into every running session of a group (the control gate first). A
 * session with a draft in its input line is left out (and named); `exceptPane` (the caller's own
 * session, when it is a member) is skipped, never typed into.
 */
export async function groupSend(deps: ControlDeps, group: string, text: string, options: { enter: boolean; exceptPane?: string | null }): Promise<GroupSent> {
  await requireControl(deps, "group-send");
  const members = (await groupMembers(deps, group)).filter((s) => !s.dead);
  if (members.length === 0) throw new AgentmuxError(`every session of group "${group}" has exited`, { hint: "start new ones with agentmux new --group" });
  const skipped = members.filter((s) => s.pane === options.exceptPane).map((s) => s.pane);
  const running = members.filter((s) => s.pane !== options.exceptPane);
  if (running.length === 0) throw new AgentmuxError(`the only running session of group "${group}" is the caller's own`, { hint: "put other sessions in the group first" });
  // At most LIMITS.groupSend sessions at once (docs/limits.md); p-queue is loaded here only.
  const { LIMITS, mapLimited } = await import("../util/limit.ts");
  const refused: DraftInTheWay[] = [];
  const sent: string[] = [];
  await mapLimited(running, LIMITS.groupSend, async (s) => {
    const typing = Date.now();
    try {
      await sendText(deps.tmux, s.pane, text, { enter: options.enter, promptLine: promptLineOf(s.backend), label: `${s.name} (${s.pane})` });
    } catch (error) {
      if (error instanceof DraftInTheWay) { refused.push(error); return; }
      throw error;
    }
    sent.push(s.pane);
    if (options.enter) await tellTyped(deps.tmux, s.pane, "submit", typing);
  });
  return { group, sent, refused, skipped };
}

/** The error group-send ends with when a draft kept some sessions out, after it printed what it did. */
export function refusedError(result: GroupSent): AgentmuxError | null {
  return result.refused.length === 0 ? null : new AgentmuxError(result.refused.map((r) => r.message).join("; "), { hint: result.refused[0]?.hint });
}
