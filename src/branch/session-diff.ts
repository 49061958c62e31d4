import type { NamedSession } from "../session/store.ts";
import { BASE_OPTION } from "../session/base.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { places } from "../util/paths.ts";
import { diffBase } from "./diff-base.ts";
import { sessionDiff, type SessionDiff } from "./diff.ts";
import { madeWorktrees } from "./worktree-registry.ts";

/** I/O: what a session changed since it started (diff-base.ts says against what), for `agentmux diff`, the switcher and the phone page. */
export async function diffOfSession(tmux: Tmux, session: Pick<NamedSession, "pane" | "dir">, options: { stat?: boolean; file?: string } = {}): Promise<SessionDiff> {
  const recorded = session.pane ? await tmux.getOption({ pane: session.pane }, BASE_OPTION).catch(() => "") : "";
  const base = await diffBase(session.dir, recorded.trim() || null, madeWorktrees(places().stateDir));
  return sessionDiff(base, options);
}
