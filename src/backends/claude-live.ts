import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { childPids, environ } from "../util/proc.ts";
import type { LiveStatus } from "./types.ts";

/** Claude Code's live session file, <config dir>/sessions/<pid>.json (INTEGRATION.md, "Live state from outside"). */
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
    const env = environ(pid);
    const configDir = env["CLAUDE_CONFIG_DIR"] || join(env["HOME"] || homedir(), ".claude");
    let text: string;
    try { text = readFileSync(join(configDir, "sessions", `${pid}.json`), "utf8"); } catch { continue; }
    return parseClaudeLive(text);
  }
  return null;
}
