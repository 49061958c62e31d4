import type { Socket } from "node:net";
import { paneLastLines } from "../remote/actions.ts";
import type { Tmux } from "../tmux/tmux.ts";
import type { Logger } from "./log.ts";
import type { Tracked } from "./tracked.ts";

/** At most this many connections follow panes' output at once (each `agentmux stream` watches a few). */
const MAX_FOLLOWERS = 64;

export interface PaneOutputDeps {
  tmux: Pick<Tmux, "tryCapture">;
  /** How many of a pane's last lines are pushed (config remote.outputLines). */
  lines: () => number;
  log: Logger;
}

interface Followed { sockets: Map<Socket, string>; busy: boolean; again: boolean }

/**
 * One pane's output, pushed (op "output"; `agentmux stream` relays it to another machine's phone
 * page): the subscriber gets `{ok, pane, lines}` at once, again whenever the daemon's screen watch
 * saw that pane's screen change (never polled), and `{ok, pane, ended: true}` when the session
 * ended or its pane is gone (its connection is then closed).
 */
export class PaneOutputs {
  private readonly panes = new Map<string, Followed>();

  constructor(private readonly deps: PaneOutputDeps) {}

  get count(): number {
    let n = 0;
    for (const f of this.panes.values()) n += f.sockets.size;
    return n;
  }

  async subscribe(socket: Socket, pane: string): Promise<{ ok: false; error: string } | null> {
    if (this.count >= MAX_FOLLOWERS) return { ok: false, error: `this daemon already pushes ${MAX_FOLLOWERS} panes' output` };
    const followed = this.panes.get(pane) ?? { sockets: new Map<Socket, string>(), busy: false, again: false };
    this.panes.set(pane, followed);
    followed.sockets.set(socket, "");
    const drop = () => this.drop(pane, socket);
    socket.once("close", drop);
    socket.once("error", drop);
    await this.push(pane);
    return null;
  }

  /** The screen watch saw the pane's screen change. */
  changed(pane: string): void {
    if (this.panes.has(pane)) void this.push(pane);
  }

  /** A session changed: one that exited ends its followers. */
  sessionChanged(t: Tracked): void {
    if (t.machine.state === "exited") this.ended(t.pane);
  }

  close(): void {
    for (const f of this.panes.values()) for (const socket of f.sockets.keys()) socket.destroy();
    this.panes.clear();
  }

  private ended(pane: string): void {
    const followed = this.panes.get(pane);
    if (!followed) return;
    this.panes.delete(pane);
    for (const socket of followed.sockets.keys()) socket.end(`${JSON.stringify({ ok: true, pane, ended: true })}\n`);
  }

  private drop(pane: string, socket: Socket): void {
    const followed = this.panes.get(pane);
    followed?.sockets.delete(socket);
    if (followed && followed.sockets.size === 0) this.panes.delete(pane);
  }

  private async push(pane: string): Promise<void> {
    const followed = this.panes.get(pane);
    if (!followed) return;
    if (followed.busy) { followed.again = true; return; }
    followed.busy = true;
    try {
      const lines = await paneLastLines(this.deps.tmux, pane, this.deps.lines());
      if (lines === null) { this.ended(pane); return; }
      const line = JSON.stringify({ ok: true, pane, lines });
      for (const [socket, last] of followed.sockets) {
        if (socket.destroyed) { followed.sockets.delete(socket); continue; }
        if (last === line) continue;
        followed.sockets.set(socket, line);
        socket.write(`${line}\n`);
      }
    } catch (error) {
      this.deps.log(`output of ${pane}: ${(error as Error).message}`);
    } finally {
      followed.busy = false;
      if (followed.again) { followed.again = false; void this.push(pane); }
    }
  }
}
