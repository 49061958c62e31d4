import type { Socket } from "node:net";
import type { Config } from "../config/config.ts";
import type { InboxItem } from "../core/ask.ts";
import type { InputWord } from "../core/evidence.ts";
import type { MachineEvent } from "../core/state-machine.ts";
import type { Tmux } from "../tmux/tmux.ts";
import type { DaemonLayout } from "./places.ts";
import type { Response } from "./protocol.ts";
import type { Teardown } from "./teardown.ts";
import type { Tracked } from "./tracked.ts";
import type { Waiters } from "./waiters.ts";

/** What the exit chains need of the daemon (declared here so that nothing imports daemon.ts back). */
export interface SessionsPort {
  readonly tracked: Map<string, Tracked>;
  /** tmux over the daemon's control connection. */
  readonly tmux: Tmux;
  readonly teardown: Teardown;
  /** The daemon's current config (one source, reloaded when the file changes). */
  config(): Config;
  /** End sessions' processes (each stays listed as exited). */
  kill(panes: string[]): Promise<number>;
  /** Something agentmux typed into a session: evidence for the session table. */
  typed(pane: string, kind: InputWord["kind"], at?: number): Promise<void>;
  /** An event of the session's life no channel reports (an exit chain armed or ended). */
  mark(pane: string, event: MachineEvent, why: string): Promise<void>;
}

/** What the socket's requests need of the daemon. */
export interface DaemonPort extends SessionsPort {
  readonly layout: DaemonLayout;
  readonly waiters: Waiters;
  readonly exits: { request(pane: string, now: boolean): Promise<Response> };
  reconcile(): Promise<void>;
  stop(reason: string): Promise<void>;
  refreshPool(backend: string, pool: string): number;
  setOptions(pane: string, values: Record<string, string>): Promise<void>;
  /** The decision table's verdict for a session and every channel's latest word (agentmux explain). */
  explain(pane: string): Response;
  /** The session's own process published its status: the session table marks it current (no longer stale). */
  published(pane: string): Promise<void>;
  /** Drop an exited session from the list (restart or handoff brought it back in a new pane). */
  forgetExited(pane: string): boolean;
  /** The phone page's server (src/remote/control.ts): `agentmux remote start|stop|status`. */
  readonly remote?: { start(): Promise<Response>; stop(): Promise<Response>; status(): Promise<Response> };
  /** The sessions that need the user (src/daemon/inbox.ts). */
  readonly inbox: { items(): Promise<InboxItem[]>; view(): Promise<InboxItem[]>; subscribe(socket: Socket): Promise<void>; changed(): void };
  /** The chief of staff's loop (src/chief/loop.ts): `agentmux chief …`. */
  readonly chief?: { request(action: string, options: { immediate?: boolean }): Promise<Response> } | null;
  /** The roster feed another machine's agentmux reads over ssh (src/daemon/feed.ts). */
  readonly feed: { subscribe(socket: Socket): Promise<void> };
  /** One pane's output, pushed as its screen changes (src/daemon/pane-output.ts). */
  readonly outputs: { subscribe(socket: Socket, pane: string): Promise<Response | null> };
}
