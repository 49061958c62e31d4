import { existsSync } from "node:fs";
import type { NamedSession } from "../session/store.ts";
import { git } from "../util/git.ts";
import { porcelainEntries } from "./worktree.ts";
import { worktreeHolding, type MadeWorktree } from "./worktree-registry.ts";

type Env = Record<string, string | undefined>;

/** A made worktree as it stands: git's facts and the session running in it. */
export interface WorktreeRow extends MadeWorktree {
  /** Its directory is still there. */
  exists: boolean;
  /** `git status --porcelain` entries: uncommitted and untracked changes. */
  changes: string[];
  /** Commits on its branch not in `from`, and in `from` not on its branch; null when either is gone. */
  ahead: number | null;
  behind: number | null;
  /** The live (not exited) session whose directory is in it, if any. */
  session: { pane: string; name: string; state: string } | null;
}

/** I/O: git's facts of one made worktree, and the live session in it (from sessions, the server's). */
export async function worktreeRow(w: MadeWorktree, sessions: readonly NamedSession[], env: Env = process.env): Promise<WorktreeRow> {
  const exists = existsSync(w.path);
  const live = sessions.find((s) => !s.dead && worktreeHolding([w], s.dir) !== undefined);
  const session = live ? { pane: live.pane, name: live.name, state: live.state } : null;
  const [status, counts] = await Promise.all([
    exists ? git(["-C", w.path, "status", "--porcelain", "-z"], env) : null,
    w.from !== "" ? git(["-C", w.root, "rev-list", "--left-right", "--count", `${w.from}...${w.branch}`], env) : null,
  ]);
  const [behind, ahead] = counts?.ok ? counts.out.split(/\s+/).map(Number) : [];
  return { ...w, exists, changes: status?.ok ? porcelainEntries(status.out) : [], ahead: ahead ?? null, behind: behind ?? null, session };
}

/** I/O: every made worktree's row. */
export async function worktreeRows(made: readonly MadeWorktree[], sessions: readonly NamedSession[], env: Env = process.env): Promise<WorktreeRow[]> {
  return Promise.all(made.map((w) => worktreeRow(w, sessions, env)));
}

/** Pure: a row as one line of `worktree list`. */
export function worktreeLine(r: WorktreeRow): string {
  const where = r.exists ? r.path : `${r.path} (gone)`;
  const session = r.session ? `${r.session.name} (${r.session.pane}) ${r.session.state}` : "no session";
  const sync = r.ahead === null ? `from ${r.from || "?"}: unknown` : `${r.ahead} ahead, ${r.behind} behind ${r.from}`;
  const dirty = r.changes.length > 0 ? `${r.changes.length} uncommitted` : "clean";
  return `${r.branch}\t${session}\t${sync}\t${dirty}\t${where}`;
}

/** Pure: the made worktree a name means: its branch, its path, or a path inside it. */
export function findWorktree(made: readonly MadeWorktree[], name: string): MadeWorktree | undefined {
  return made.find((w) => w.branch === name) ?? made.find((w) => w.path === name) ?? worktreeHolding(made, name);
}
