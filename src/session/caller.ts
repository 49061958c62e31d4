import { statSync } from "node:fs";
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

/**
 * The agent session a process runs in, from any of: its environment, a process under an agent
 * pane's first process, or its controlling terminal being an agent pane's. Pure: the facts come
 * from /proc and tmux (callerSession).
 */
export function insideSession(facts: CallerFacts, panes: readonly AgentPaneIds[]): { pane: string; by: InsideBy } | null {
  if (facts.session) return { pane: facts.session, by: "AGENTMUX_SESSION" };
  const byPane = panes.find((p) => p.pane === facts.tmuxPane);
  if (byPane) return { pane: byPane.pane, by: "TMUX_PANE" };
  const ancestors = new Set(facts.ancestors);
  const byPid = panes.find((p) => p.pid > 0 && ancestors.has(p.pid));
  if (byPid) return { pane: byPid.pane, by: "its process ancestry" };
  const byTty = facts.tty === null ? undefined : panes.find((p) => p.tty === facts.tty);
  return byTty ? { pane: byTty.pane, by: "its terminal" } : null;
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

/**
 * The agent session this process runs in, or null. Asks tmux for the agent panes only when the
 * environment does not say (so that removing AGENTMUX_SESSION is not enough to look like a person).
 */
export async function callerSession(tmux: Tmux, env: Env = process.env, pid = process.pid, listed?: Promise<PaneRecord[]>): Promise<{ pane: string; by: InsideBy } | null> {
  const facts: CallerFacts = { session: env["AGENTMUX_SESSION"] || undefined, tmuxPane: env["TMUX_PANE"] || undefined, ancestors: [], tty: null };
  if (facts.session) return insideSession(facts, []);
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
    return null; // no server: there are no sessions to act on either
  }
  if (panes.length === 0) return null;
  return insideSession({ ...facts, ancestors: ancestry(pid), tty: controllingTty(pid) }, panes);
}
