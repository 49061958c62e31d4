/** What a CLI's hook event means for agentmux: state-machine events (without a time) and identity. */
export type HookStateEvent =
  | { kind: "submit" }
  | { kind: "activity"; agentId?: string | undefined }
  | { kind: "stop"; background?: boolean | undefined }
  | { kind: "idle-prompt" }
  | { kind: "blocked"; agentId?: string | undefined }
  | { kind: "idle" }
  | { kind: "started" }
  | { kind: "background"; active: boolean }
  | { kind: "exited" };

export interface HookMeaning {
  events: HookStateEvent[];
  /** The CLI's native session id, when the payload names it. */
  sessionId?: string | undefined;
  /** The id of the prompt that began this turn (Claude's prompt_id). */
  promptId?: string | undefined;
  /** The event counts only for the session with this native id (when the session's id is known). */
  onlyForSession?: string | undefined;
  /** The turn ended on the provider's rate limit (the account is limited: see src/daemon/restart-on-limit.ts). */
  rateLimited?: boolean | undefined;
}

export const NOTHING: HookMeaning = { events: [] };

/** Spool event names written by `agentmux hook STATE`. */
export const DECLARED_PREFIX = "agentmux-";

/** `agentmux hook idle|working|blocked|done`: a state declared outright, for any agent or script. */
export function declaredState(state: string): HookMeaning {
  switch (state) {
    case "idle": return { events: [{ kind: "idle" }] };
    case "working": return { events: [{ kind: "activity" }] };
    case "blocked": return { events: [{ kind: "blocked" }] };
    case "done": return { events: [{ kind: "stop" }] };
    // Written by shell/agentmux-launch when the agent's process ends.
    case "exited": return { events: [{ kind: "exited" }] };
    default: return NOTHING;
  }
}

export function stringField(payload: Record<string, unknown>, key: string): string | undefined {
  const value = payload[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}
