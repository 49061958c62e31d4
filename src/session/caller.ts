import { readFileSync, statSync } from "node:fs";
import { statFields } from "../util/proc.ts";
import type { PaneRecord } from "../tmux/formats.ts";
import type { Tmux } from "../tmux/tmux.ts";

type Env = Record<string, string | undefined>;

/** An agent session's pane as the caller check sees it: its first process and its terminal. */
export interface AgentPaneIds { pane: string; pid: number; tty: number | null }

/** What is known of the calling process. */
export interface CallerFacts {
  /** AGENTMUX_SESSION and TMUX_PANE from its environment (either may be removed). */
  session: string | undefined;
  tmuxPane: string | undefined;
  /** Its own pid and every ancestor's, up to init. */
  ancestors: number[];
  /** Its controlling terminal's device number, or null without one. */
  tty: number | null;
}

/** How the caller was found to run inside an agent session. */
export type InsideBy = "AGENTMUX_SESSION" | "TMUX_PANE" | "its process ancestry" | "its terminal";

/** The session a caller runs in; `claimed` when only its environment says so (its process facts could not tell). */
export interface Inside { pane: string; by: InsideBy; claimed?: true }

/**
 * The agent session a process runs in. Its process ancestry (a process under an agent pane's first
 * process) and its controlling terminal (an agent pane's) are the kernel's facts and decide; the
 * environment (AGENTMUX_SESSION, TMUX_PANE) is the process's own word, which an agent can set to
 * anything: it counts only as a claim (for the control gate, a claim is enough to be treated as an
 * agent; a message's sender is never taken from one where the facts can be read). Pure: the facts
 * come from /proc and tmux (callerSession).
 */
export function insideSession(facts: CallerFacts, panes: readonly AgentPaneIds[]): Inside | null {
  const ancestors = new Set(facts.ancestors);
  const byPid = panes.find((p) => p.pid > 0 && ancestors.has(p.pid));
  if (byPid) return { pane: byPid.pane, by: "its process ancestry" };
  const byTty = facts.tty === null ? undefined : panes.find((p) => p.tty === facts.tty);
  if (byTty) return { pane: byTty.pane, by: "its terminal" };
  // Where the process facts cannot be read at all (no /proc: its ancestry is itself alone), the
  // environment is all there is; elsewhere it is only a claim the facts did not bear out.
  const claim = facts.ancestors.length > 1 ? { claimed: true as const } : {};
  if (facts.session) return { pane: facts.session, by: "AGENTMUX_SESSION", ...claim };
  const byPane = panes.find((p) => p.pane === facts.tmuxPane);
  return byPane ? { pane: byPane.pane, by: "TMUX_PANE", ...claim } : null;
}

/** The session a caller may speak for or act on as its own: one its process facts place it in, never a bare claim. */
export function verified(inside: Inside | null): Inside | null {
  return inside && !inside.claimed ? inside : null;
}

/** pid and its ancestors (Linux /proc; just pid elsewhere). */
export function ancestry(pid: number): number[] {
  const chain = [pid];
  for (let current = pid; chain.length < 256;) {
    const ppid = Number(statFields(current)?.[1]);
    if (!Number.isInteger(ppid) || ppid <= 0 || chain.includes(ppid)) break;
    chain.push(ppid);
    current = ppid;
  }
  return chain;
}

/** The device number of a process's controlling terminal (Linux /proc), or null. */
export function controllingTty(pid: number): number | null {
  const nr = Number(statFields(pid)?.[4]);
  return Number.isInteger(nr) && nr > 0 ? nr : null;
}

function deviceOf(path: string): number | null {
  try { return statSync(path).rdev || null; } catch { return null; }
}

/** The facts of a process: its ancestry, its terminal, and what its environment says (its own, or read from /proc for another). */
export function processFacts(pid: number, env?: Env): CallerFacts {
  const vars = env ?? environOf(pid);
  return { session: vars["AGENTMUX_SESSION"] || undefined, tmuxPane: vars["TMUX_PANE"] || undefined, ancestors: ancestry(pid), tty: controllingTty(pid) };
}

/** Another process's environment (Linux /proc, the user's own processes); empty when it cannot be read. */
function environOf(pid: number): Env {
  try {
    const vars: Env = {};
    for (const entry of readFileSync(`/proc/${pid}/environ`, "latin1").split("\0")) {
      const at = entry.indexOf("=");
      if (at > 0) vars[entry.slice(0, at)] = entry.slice(at + 1);
    }
    return vars;
  } catch {
    return {};
  }
}

/** The agent panes of the server: each one's first process and terminal. Empty without a server. */
export async function agentPanes(tmux: Tmux, listed?: Promise<PaneRecord[]>): Promise<AgentPaneIds[]> {
  const panes: AgentPaneIds[] = [];
  try {
    if (listed) {
      // The caller's own listing of the server (kill lists it anyway): no second question to tmux.
      for (const p of await listed) if (p.backend !== "") panes.push({ pane: p.pane, pid: Number(p.pid) || 0, tty: deviceOf(p.tty) });
    } else {
      for (const line of await tmux.paneLines("#{pane_id} #{pane_pid} #{?@agentmux-backend,1,0} #{pane_tty}")) {
        const [pane = "", panePid = "", agent = "", ...tty] = line.split(" ");
        if (agent === "1") panes.push({ pane, pid: Number(panePid) || 0, tty: deviceOf(tty.join(" ")) });
      }
    }
  } catch {
    // No server: there are no sessions to act on either; the environment's claim still counts.
  }
  return panes;
}

/**
 * The agent session this process runs in (decided, or claimed by its environment), or null. Always
 * asks tmux for the agent panes: the process facts decide, not the environment.
 */
export async function callerSession(tmux: Tmux, env: Env = process.env, pid = process.pid, listed?: Promise<PaneRecord[]>): Promise<Inside | null> {
  return insideSession(processFacts(pid, env), await agentPanes(tmux, listed));
}
