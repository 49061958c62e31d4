import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { parseClaudeLive, reconcileClaudeLive } from "../backends/claude-live.ts";
import type { MachineEvent } from "../session/state-machine.ts";
import type { Tracked } from "./tracked.ts";

/** A reading counts only when taken this long after the session's last event (hooks deliver late). */
export const SETTLE_MS = 3000;

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function environ(pid: number): Record<string, string> {
  try {
    const env: Record<string, string> = {};
    for (const entry of readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")) {
      const eq = entry.indexOf("=");
      if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
    }
    return env;
  } catch {
    return {};
  }
}

/** The Claude process of a pane: the pane's first process (agentmux-launch) or its child. */
export function claudeProcess(panePid: number): { pid: number; configDir: string } | null {
  for (const pid of [panePid, ...childPids(panePid)]) {
    const env = environ(pid);
    const configDir = env["CLAUDE_CONFIG_DIR"] || join(env["HOME"] || homedir(), ".claude");
    try {
      readFileSync(join(configDir, "sessions", `${pid}.json`));
      return { pid, configDir };
    } catch { /* not this one */ }
  }
  return null;
}

/**
 * Read a Claude session's live status and answer the event that reconciles the hook state with
 * it; no reading (or one taken too soon after an event) leaves the hooks to decide.
 */
export function readClaudeLive(t: Tracked, panePid: number, now: number, logOnce: (key: string, line: string) => void): MachineEvent | null {
  if (now - t.lastEventAt < SETTLE_MS) return null;
  const proc = claudeProcess(panePid);
  if (!proc) return null;
  let text: string;
  try { text = readFileSync(join(proc.configDir, "sessions", `${proc.pid}.json`), "utf8"); } catch { return null; }
  const live = parseClaudeLive(text);
  if (!live) return null;
  t.lastLiveAt = now;
  const event = reconcileClaudeLive(t.machine.state, live);
  if (!event) return null;
  logOnce(`${t.pane}:${t.machine.state}:${live.status}`, `${t.pane}: hooks say ${t.machine.state}, Claude says ${live.status}${live.waitingFor ? ` (${live.waitingFor})` : ""}: following Claude`);
  return { ...event, at: now } as MachineEvent;
}
