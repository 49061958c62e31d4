import type { PaneRecord } from "../tmux/formats.ts";
import { parseLaunchState, type LaunchState } from "../core/launch-state.ts";
import { STATES, type SessionState } from "../core/states.ts";


/** What identifies a session beyond its pane: kept in the exited and restore registries. */
export interface SessionRecord {
  backend: string;
  account: string;
  dir: string;
  instance: string;
  id: string;
  label: string;
  group: string;
}

/** A session's identity and what tmux knows of it, read from pane options (never from names). */
export interface Session {
  pane: string;
  backend: string;
  account: string;
  dir: string;
  instance: string;
  id: string;
  tokenHash: string;
  /** A name set with `agentmux rename`, overriding the derived display name. */
  label: string;
  group: string;
  /** The native id of the conversation this one was forked from (branch, side); "" otherwise. */
  forkedFrom: string;
  /** A side conversation: the pane of the session it was opened from ("" when not a side, or resumed on its own). */
  parent: string;
  /** A side conversation: the version of the side policy it was started under; "" when not a side. */
  side: string;
  /** The model and permission mode the CLI last reported (for restart). */
  launch: LaunchState;
  state: SessionState;
  /** Its turn ended with background work still running (waiting with ◍, as the inbox marks it). */
  background: boolean;
  stateSince: number | null;
  startedAt: number | null;
  dead: boolean;
  deadStatus: number | null;
  title: string;
  command: string;
  pid: number | null;
  tmuxSession: string;
  window: string;
  windowIndex: string;
  active: boolean;
}

function toNumber(value: string): number | null {
  if (value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function toState(value: string): SessionState {
  return (STATES as readonly string[]).includes(value) ? (value as SessionState) : "unknown";
}

/** A pane is an agentmux session when it carries @agentmux-backend. */
export function sessionFromPane(record: PaneRecord): Session | null {
  if (!record.backend) return null;
  // The launcher keeps a pane whose agent failed open (and records the status), so the error stays readable.
  const dead = record.dead === "1" || record.exitStatus !== "";
  return {
    pane: record.pane,
    backend: record.backend,
    account: record.account,
    dir: record.dir,
    instance: record.instance,
    id: record.id,
    tokenHash: record.tokenHash,
    label: record.label,
    group: record.group,
    forkedFrom: record.forkedFrom,
    parent: record.parent,
    side: record.side,
    launch: parseLaunchState(record.launch),
    state: dead ? "exited" : toState(record.state),
    background: !dead && record.background === "1",
    stateSince: toNumber(record.stateSince),
    startedAt: toNumber(record.started),
    dead,
    // tmux may mark a pane dead before it learns the status; the launcher records it too.
    deadStatus: dead ? toNumber(record.deadStatus) ?? toNumber(record.exitStatus) : null,
    title: record.title,
    command: record.command,
    pid: toNumber(record.pid),
    tmuxSession: record.session,
    window: record.window,
    windowIndex: record.windowIndex,
    active: record.active === "1" && record.windowActive === "1",
  };
}
