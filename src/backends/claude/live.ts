import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { childPids, environ } from "../../util/proc.ts";
import { KiB, readRegularText } from "../../util/regular-file.ts";
import type { LiveStatus } from "../shared/types.ts";
import { ClaudeAgentsQuery } from "./agents.ts";

/** The most of a live file read: a small JSON object Claude Code rewrites as its status changes. */
const LIVE_FILE_MAX = 64 * KiB;

/** Claude Code's live session file, <config dir>/sessions/<pid>.json (docs/backends/claude.md). */
/** Claude Code's sessions/<pid>.json, as much as agentmux reads of it. */
export type ClaudeLive = LiveStatus;

export function parseClaudeLive(text: string): ClaudeLive | null {
  try {
    const data = JSON.parse(text) as Record<string, unknown>;
    if (typeof data["status"] !== "string") return null;
    return {
      status: data["status"],
      waitingFor: typeof data["waitingFor"] === "string" ? data["waitingFor"] : undefined,
      sessionId: typeof data["sessionId"] === "string" ? data["sessionId"] : undefined,
    };
  } catch {
    return null;
  }
}

/**
 * The live file of the Claude process in a pane (the pane's first process, agentmux-launch, or
 * its child): <CLAUDE_CONFIG_DIR or ~/.claude>/sessions/<pid>.json, parsed; null when none.
 */
export function readClaudeLiveFile(panePid: number): ClaudeLive | null {
  for (const pid of [panePid, ...childPids(panePid)]) {
    let text: string;
    try { text = readRegularText(join(configDirOf(pid), "sessions", `${pid}.json`), { maxBytes: LIVE_FILE_MAX }); } catch { continue; }
    return parseClaudeLive(text);
  }
  return null;
}

function configDirOf(pid: number): string {
  const env = environ(pid);
  return env["CLAUDE_CONFIG_DIR"] || join(env["HOME"] || homedir(), ".claude");
}

/**
 * The config directory of the Claude process in a pane (the one whose sessions/<pid>.json exists),
 * which `claude agents --json` with that CLAUDE_CONFIG_DIR reports on; null when there is none.
 */
export function claudeConfigDirOfPane(panePid: number): string | null {
  for (const pid of [panePid, ...childPids(panePid)]) {
    const dir = configDirOf(pid);
    if (existsSync(join(dir, "sessions", `${pid}.json`))) return dir;
  }
  return null;
}

/** Claude's report of one session from `claude agents --json`, for Backend.queryLive and liveReport. */
export const claudeAgents = new ClaudeAgentsQuery();

/** Whether agentmux's state and Claude's report say the same (Backend.liveAgrees: a disagreement is logged once). */
export function claudeLiveAgrees(ours: string, live: LiveStatus): boolean {
  switch (live.status) {
    case "busy": return ours === "working" || ours === "closing";
    case "waiting": return ours === "blocked";
    case "idle": return ours !== "working" && ours !== "blocked";
    default: return true;
  }
}
