import type { Socket } from "node:net";
import type { Logger } from "./log.ts";

/** At most one push per subscriber in this time: a burst of changes is one line. */
export const PUSH_COALESCE_MS = 100;

/**
 * Connections kept open for a pushed view (the inbox, the roster feed): each gets the view's line
 * at once, then again whenever it changed, at most once per PUSH_COALESCE_MS; a line the
 * subscriber already has is not sent again.
 */
export class Subscribers {
  private readonly sockets = new Map<Socket, string>();
  private timer: NodeJS.Timeout | null = null;
  private pushing = false;
  private again = false;
  /** When the last push of a change began (0: none yet). */
  private lastPush = 0;

  /**
   * line: the view now, as one JSON line (without its newline), or with `same`, what it says
   * without what changes by itself (a clock, ages): a subscriber gets it only when that differs
   * from what it has. what: named in a failure's log line.
   */
  constructor(private readonly line: () => Promise<string | { line: string; same: string }>, private readonly log: Logger, private readonly what: string) {}

  async subscribe(socket: Socket): Promise<void> {
    this.sockets.set(socket, "");
    const drop = () => this.sockets.delete(socket);
    socket.once("close", drop);
    socket.once("error", drop);
    await this.push([socket]);
  }

  get count(): number {
    return this.sockets.size;
  }

  /**
   * Something that may alter the view happened: push to those whose line changed. The first change
   * after a quiet spell goes at once (another machine's status line waits on it: docs/hosts.md);
   * those that follow within PUSH_COALESCE_MS of a push go together at its end.
   */
  changed(): void {
    if (this.sockets.size === 0 || this.timer) return;
    const wait = Math.max(0, this.lastPush + PUSH_COALESCE_MS - Date.now());
    this.timer = setTimeout(() => { this.timer = null; this.lastPush = Date.now(); void this.push([...this.sockets.keys()]); }, wait);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const socket of this.sockets.keys()) socket.destroy();
    this.sockets.clear();
  }

  private async push(sockets: Socket[]): Promise<void> {
    if (this.pushing) { this.again = true; return; }
    this.pushing = true;
    try {
      const view = await this.line();
      const { line, same } = typeof view === "string" ? { line: view, same: view } : view;
      for (const socket of sockets) {
        if (socket.destroyed || !this.sockets.has(socket)) { this.sockets.delete(socket); continue; }
        if (this.sockets.get(socket) === same) continue;
        this.sockets.set(socket, same);
        socket.write(`${line}\n`);
      }
    } catch (error) {
      this.log(`${this.what} push: ${(error as Error).message}`);
    } finally {
      this.pushing = false;
      if (this.again) { this.again = false; this.changed(); }
    }
  }
}
