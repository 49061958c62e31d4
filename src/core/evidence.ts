/**
 * Evidence: what each channel last said of a session, with its time. The channels (hooks, the CLI's
 * live status, the screen, what was typed, the process) never set a session's state; they leave
 * their latest word here and the decision (src/core/decide.ts) weighs them.
 */

export type Channel = "hook" | "live" | "screen" | "input" | "process" | "focus" | "exit-chain";

/** The latest hook event applied: its name and send time. */
export interface HookWord { event: string; at: number }

/** The CLI's own live report (Claude Code's session files or `claude agents`). */
export interface LiveWord {
  status: "busy" | "idle" | "waiting" | "unknown";
  waitingFor?: string | undefined;
  /** Where it came from ("sessions file", "claude agents"). */
  source: string;
  /** Since when it has said this status, and when it was last read. */
  since: number;
  at: number;
}

/** The screen's verdict (manifests on a capture), and since when it has said so. */
export interface ScreenWord {
  verdict: "working" | "blocked" | "idle" | "unknown";
  rule: string | null;
  /** "title": the deciding rule looked only at the pane title (weak evidence). */
  region: "title" | "screen" | null;
  /** Why a blocked screen needs the user (the rule's cause: permission, question, interrupted …). */
  cause: string | null;
  since: number;
  at: number;
}

/** Something typed into the session: an Escape, a submitted prompt, other keys (through agentmux). */
export interface InputWord { kind: "escape" | "submit" | "keys"; at: number }

export interface Channels {
  hook: HookWord | null;
  live: LiveWord | null;
  screen: ScreenWord | null;
  input: InputWord | null;
}

export const NO_CHANNELS: Channels = { hook: null, live: null, screen: null, input: null };
