/** Requests on the daemon's Unix socket: one JSON object per line, one answer per request. */
export type Request =
  | { op: "ping" }
  | { op: "status" }
  | { op: "stop" }
  | { op: "publish"; pane: string; token: string; text: string }
  | { op: "input"; pane: string; kind: "escape" | "submit" | "keys"; at?: number }
  | { op: "explain"; pane: string }
  | { op: "forget"; pane: string }
  /** after: only a state reached at or after this time (epoch ms) answers: a wait for the end of a turn not yet begun. */
  | { op: "wait"; panes: string[]; state: string; timeoutMs: number; after?: number }
  | { op: "exit"; pane: string; now: boolean }
  | { op: "usage-refresh"; backend: string; pool: string }
  | { op: "kill"; panes: string[] }
  /** The sessions that need the user, most urgent first: { ok, inbox: InboxItem[] }. */
  | { op: "inbox" }
  /**
   * Keep the connection open: the daemon writes { ok, inbox } at once and again on every change
   * to the inbox (a state, an ask, a snooze), until the client closes it.
   */
  | { op: "subscribe" }
  /**
   * Keep the connection open: the daemon writes the roster feed (src/daemon/feed.ts: every session
   * as list --json shows it, and the inbox) at once and on every change. `agentmux stream` relays it.
   */
  | { op: "feed" }
  /**
   * Keep the connection open: the daemon writes the pane's last lines ({ok, pane, lines}) at once and
   * whenever its screen watch saw that pane change, {ok, pane, ended: true} when it ended
   * (src/daemon/pane-output.ts). `agentmux stream` relays it for another machine's phone page.
   */
  | { op: "output"; pane: string }
  /** The phone page (src/remote/): serve it, stop serving it, say how it is served ({ok, running, listen, port, host, tailscale, ...}). */
  | { op: "remote-start" }
  | { op: "remote-stop" }
  | { op: "remote-status" }
  /** The chief of staff (src/chief/loop.ts): start, stop, tick, heartbeat, stateless, dismiss, status. */
  | { op: "chief"; action: string; immediate?: boolean; pane?: string };

export type Response = { ok: true; [key: string]: unknown } | { ok: false; error: string; hint?: string; timedOut?: true };

export const MAX_PUBLISH = 160;
