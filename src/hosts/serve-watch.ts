import { StringDecoder } from "node:string_decoder";
import type { InboxSubscription } from "../daemon/inbox-client.ts";
import { isJsonObject } from "../util/json.ts";
import { isPaneId } from "../tmux/pane-id.ts";
import { MAX_OUTPUT_TEXT, MAX_WATCHED } from "./snapshot.ts";

/** A line the link writes longer than this is dropped, unread (a watch is a few dozen bytes). */
export const MAX_INPUT_LINE = 1024;
/** The wait before a pane's output is asked for again when the daemon went away. */
const REJOIN_MS = 300;


/** Subscribes to one pane's output pushed by the daemon (op "output", src/daemon/pane-output.ts). */
export type SubscribeOutput = (pane: string, onMessage: (message: Record<string, unknown>) => void, onEnd: (why: string) => void) => Promise<InboxSubscription>;

interface Watch { subscription: InboxSubscription | null; over: boolean }

/**
 * What the link (src/hosts/link.ts) writes to `agentmux stream`'s stdin: `{"type":"watch","pane":"%12"}`
 * and `{"type":"unwatch","pane":"%12"}`, one a line. Each watched pane's output is written as
 * `{type: "output", pane, text}` at once and whenever the daemon pushes a change, and
 * `{type: "output-ended", pane}` when its session ended (or there is none). At most MAX_WATCHED
 * panes. `{"type":"alive","every":MS}` asks for the alive line's cadence (src/hosts/serve.ts).
 * Anything else on stdin, and a line over MAX_INPUT_LINE, is dropped.
 */
export class StreamWatches {
  private readonly watched = new Map<string, Watch>();
  private readonly decoder = new StringDecoder("utf8");
  private pending = "";
  /** The rest of a line over the cap is being dropped. */
  private dropping = false;
  private closed = false;
  /** The link asked for the alive line every `ms`. */
  cadence: (ms: number) => void = () => undefined;

  constructor(private readonly subscribe: SubscribeOutput, private readonly write: (message: Record<string, unknown>) => void, private readonly rejoinMs = REJOIN_MS) {}

  /** A chunk of stdin. */
  input(chunk: Buffer | string): void {
    this.pending += typeof chunk === "string" ? chunk : this.decoder.write(chunk);
    let newline: number;
    while ((newline = this.pending.indexOf("\n")) >= 0) {
      const line = this.pending.slice(0, newline);
      this.pending = this.pending.slice(newline + 1);
      if (this.dropping) { this.dropping = false; continue; }
      if (line.length <= MAX_INPUT_LINE) this.line(line);
    }
    if (this.pending.length > MAX_INPUT_LINE) { this.pending = ""; this.dropping = true; }
  }

  /** The panes watched now. */
  panes(): string[] {
    return [...this.watched.keys()];
  }

  close(): void {
    this.closed = true;
    for (const w of this.watched.values()) { w.over = true; w.subscription?.close(); }
    this.watched.clear();
  }

  private line(text: string): void {
    let message: unknown;
    try { message = JSON.parse(text); } catch { return; }
    if (!isJsonObject(message)) return;
    const every = message["every"];
    if (message["type"] === "alive" && typeof every === "number" && Number.isFinite(every)) { this.cadence(every); return; }
    const pane = message["pane"];
    if (!isPaneId(pane)) return;
    if (message["type"] === "watch") this.watch(pane);
    else if (message["type"] === "unwatch") this.unwatch(pane);
  }

  private watch(pane: string): void {
    if (this.closed || this.watched.has(pane)) return;
    if (this.watched.size >= MAX_WATCHED) { this.write({ type: "output-ended", pane, why: `at most ${MAX_WATCHED} panes are watched at once` }); return; }
    const watch: Watch = { subscription: null, over: false };
    this.watched.set(pane, watch);
    this.join(pane, watch);
  }

  private unwatch(pane: string): void {
    const watch = this.watched.get(pane);
    if (!watch) return;
    this.watched.delete(pane);
    watch.over = true;
    watch.subscription?.close();
  }

  private join(pane: string, watch: Watch): void {
    if (watch.over) return;
    const ended = (why?: string) => {
      if (watch.over) return;
      this.unwatch(pane);
      this.write({ type: "output-ended", pane, ...(why ? { why } : {}) });
    };
    const relay = (message: Record<string, unknown>) => {
      if (watch.over) return;
      if (message["ok"] !== true) { ended(typeof message["error"] === "string" ? message["error"].slice(0, 512) : undefined); return; }
      if (message["ended"] === true) { ended(); return; }
      if (!Array.isArray(message["lines"])) return;
      const text = (message["lines"] as unknown[]).map(String).join("\n");
      this.write({ type: "output", pane, text: text.length > MAX_OUTPUT_TEXT ? text.slice(-MAX_OUTPUT_TEXT) : text });
    };
    this.subscribe(pane, relay, () => { if (!watch.over) setTimeout(() => this.join(pane, watch), this.rejoinMs); }).then(
      (subscription) => { if (watch.over) subscription.close(); else watch.subscription = subscription; },
      (error: unknown) => ended((error as Error).message),
    );
  }
}
