import type { Config } from "../config/config.ts";
import type { InboxItem } from "../core/ask.ts";
import type { InputWord } from "../core/evidence.ts";
import type { RestartRunner } from "../daemon/restart-child.ts";
import type { Tracked } from "../daemon/tracked.ts";
import type { Manifest } from "../detect/types.ts";
import type { Tmux } from "../tmux/tmux.ts";
import type { Readings } from "./choices.ts";
import type { HostSnapshot } from "../hosts/snapshot.ts";
import type { OutputListener } from "../hosts/link-watches.ts";

/** What the phone page's server needs of the daemon it runs in. */
export interface RemotePort {
  readonly tracked: Map<string, Tracked>;
  /** tmux over the daemon's control connection (captures, keys, the roster). */
  readonly tmux: Tmux;
  /** One-shot tmux (a paste needs stdin, which a control connection has not). */
  readonly sendTmux: Tmux;
  readonly stateDir: string;
  config(): Config;
  /** Something typed into a session: the session table's evidence (an Escape may be an interrupt). */
  typed(pane: string, kind: InputWord["kind"], at?: number): Promise<void>;
  /** The restart verb's code path, run for the daemon (src/daemon/restart-child.ts). */
  restart: RestartRunner;
  /** The manifest the daemon's screen watch reads the session's screen with (its dialogs too). */
  manifest(t: Tracked): Manifest | null;
  /** The usage readings the daemon's poller holds (else the cache file's). */
  readings: Readings;
  /** Other machines' sessions (config hosts, docs/hosts.md): listed on the page, answered there. */
  readonly elsewhere?: Elsewhere | undefined;
  /** This machine's items that are no session's (the chief's stateless nudges, src/chief/loop.ts): listed, never acted on. */
  readonly extra?: (() => InboxItem[]) | undefined;
  log(line: string): void;
}

/** What the page needs of the daemon's links to other machines. */
export interface Elsewhere {
  /** What is known of each linked host now. */
  snapshots(): readonly HostSnapshot[];
  /** `agentmux VERB WORDS...` on the host named, by its own agentmux: its exit status and what it said on stderr. */
  run(host: string, verb: string, words: string[]): Promise<{ code: number; stderr: string }>;
  /**
   * Watch a pane (%N) of the host named over its link: its output, its end, or why there is none
   * (down, an older agentmux) to listener, until the function returned is called. Throws for a
   * host that is not linked or a pane that is no pane id.
   */
  watch(host: string, pane: string, listener: OutputListener): () => void;
}

/** An answer to an API request (headers: extra ones, e.g. a 429's Retry-After). */
export interface Answer { status: number; body: Record<string, unknown>; headers?: Record<string, string> }

export const fail = (status: number, error: string, hint?: string): Answer => ({ status, body: hint ? { error, hint } : { error } });
