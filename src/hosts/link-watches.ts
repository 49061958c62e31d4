import { AgentmuxError } from "../util/errors.ts";
import { isPaneId } from "../tmux/pane-id.ts";
import { MAX_WATCHED } from "./snapshot.ts";



/** What a watcher of a remote pane is told. */
export type OutputEvent =
  /** The pane's last lines, as the host sent them (data: made safe where shown). */
  | { type: "output"; text: string }
  /** Its session ended there (or there is none). */
  | { type: "ended"; why: string | null }
  /** The link cannot carry it: the host is down, or its agentmux older (no live output). The last output is old. */
  | { type: "unavailable"; why: string };

export type OutputListener = (event: OutputEvent) => void;

type LinkState = { kind: "connecting" } | { kind: "up"; write: (line: string) => void } | { kind: "unavailable"; why: string };

/**
 * The panes of a host a link watches, for the phone page: each pane is watched once on the link
 * however many listeners it has (the first sends `watch` on the stream's stdin, the last one gone
 * sends `unwatch`), and all of them again after a reconnect. A host whose hello names no "output"
 * feature (an older agentmux) is told to each listener in words, never waited on.
 */
export class LinkWatches {
  private readonly panes = new Map<string, Set<OutputListener>>();
  /** Each watched pane's last output, for a listener that joins a pane already watched. */
  private readonly last = new Map<string, string>();
  private state: LinkState = { kind: "connecting" };

  constructor(private readonly host: string) {}

  /** Watch a pane (%N); returns what stops this listener's watch. */
  add(pane: string, listener: OutputListener): () => void {
    if (!isPaneId(pane)) throw new AgentmuxError(`${JSON.stringify(pane)} is not a pane id`, { hint: "a pane is named as tmux does: %12" });
    let listeners = this.panes.get(pane);
    if (!listeners) {
      if (this.panes.size >= MAX_WATCHED) throw new AgentmuxError(`${this.host}: at most ${MAX_WATCHED} of its panes are watched at once`, { hint: "close another session's view first" });
      listeners = new Set();
      this.panes.set(pane, listeners);
      if (this.state.kind === "up") this.state.write(line("watch", pane));
    }
    listeners.add(listener);
    const known = this.last.get(pane);
    if (this.state.kind === "unavailable") listener({ type: "unavailable", why: this.state.why });
    else if (known !== undefined) listener({ type: "output", text: known });
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.remove(pane, listener);
    };
  }

  /** How many panes are watched on the link. */
  get size(): number {
    return this.panes.size;
  }

  /** The stream greeted: with the "output" feature, every watched pane is asked for on it (write: a line to its stdin). */
  connected(features: readonly string[], version: string, write: (line: string) => void): void {
    if (!features.includes("output")) {
      this.unavailable(`${this.host}'s agentmux (${version}) is older: no live output; install the same version on both`);
      return;
    }
    this.state = { kind: "up", write };
    for (const pane of this.panes.keys()) write(line("watch", pane));
  }

  /** The link is down (or cannot carry output): every listener is told; what they have is old. */
  unavailable(why: string): void {
    this.state = { kind: "unavailable", why };
    for (const listeners of this.panes.values()) for (const l of listeners) l({ type: "unavailable", why });
  }

  /** A new connection is being made: nothing is written until it greets. */
  connecting(): void {
    if (this.state.kind === "up") this.state = { kind: "connecting" };
  }

  output(pane: string, text: string): void {
    const listeners = this.panes.get(pane);
    if (!listeners) return;
    this.last.set(pane, text);
    for (const l of listeners) l({ type: "output", text });
  }

  ended(pane: string, why: string | null): void {
    const listeners = this.panes.get(pane);
    if (!listeners) return;
    this.panes.delete(pane);
    this.last.delete(pane);
    for (const l of listeners) l({ type: "ended", why });
  }

  private remove(pane: string, listener: OutputListener): void {
    const listeners = this.panes.get(pane);
    if (!listeners) return;
    listeners.delete(listener);
    if (listeners.size > 0) return;
    this.panes.delete(pane);
    this.last.delete(pane);
    if (this.state.kind === "up") this.state.write(line("unwatch", pane));
  }
}

const line = (type: "watch" | "unwatch", pane: string): string => `${JSON.stringify({ type, pane })}\n`;
