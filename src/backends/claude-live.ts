import type { SessionState } from "../session/identity.ts";
import type { HookStateEvent } from "./hook-meaning.ts";

/** Claude Code's live session file, <config dir>/sessions/<pid>.json (INTEGRATION.md, "Live state from outside"). */
export interface ClaudeLive { status: string; waitingFor?: string | undefined; sessionId?: string | undefined }

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
 * Reconcile the hook state with Claude's own: the event that brings ours in line, or null when
 * they agree (or the live status says nothing we use).
 */
export function reconcileClaudeLive(ours: SessionState, live: ClaudeLive): HookStateEvent | null {
  switch (live.status) {
    case "busy":
      return ours === "working" || ours === "closing" ? null : { kind: "activity" };
    case "waiting":
      return ours === "blocked" ? null : { kind: "blocked" };
    case "idle":
      if (ours === "unknown") return { kind: "started" };
      return ours === "working" ? { kind: "stop" } : null;
    default:
      return null;
  }
}
