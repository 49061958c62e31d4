import { findSession, listSessions, type NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import { madeWorktrees, worktreeHolding } from "./worktree-registry.ts";
import { findWorktree, worktreeRow, type WorktreeRow } from "./worktrees.ts";

/**
 * I/O: the made worktree a name means: its branch or path, else the worktree a session (pane id,
 * display or instance name) runs in; with its row (git's facts, the live session in it).
 */
export async function worktreeTarget(tmux: Tmux, name: string): Promise<WorktreeRow> {
  const made = madeWorktrees(places().stateDir);
  const sessions: NamedSession[] = await listSessions(tmux, { includeExited: true }).catch(() => []);
  const direct = findWorktree(made, name);
  if (direct) return worktreeRow(direct, sessions);
  const session = await findSession(tmux, name, { includeExited: true }).catch(() => null);
  if (session === null) throw new AgentmuxError(`no worktree or session is named "${name}"`, { hint: "agentmux worktree list shows the worktrees agentmux made" });
  const held = worktreeHolding(made, session.dir);
  if (!held) throw new AgentmuxError(`${session.name} (${session.pane}) does not run in a worktree agentmux made (${session.dir})`, { hint: "start one in a worktree: agentmux new --worktree; merge other checkouts with git" });
  return worktreeRow(held, sessions);
}
