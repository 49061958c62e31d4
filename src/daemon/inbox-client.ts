import { createConnection } from "node:net";
import { createInterface } from "node:readline";
import type { InboxItem } from "../core/ask.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { isJsonObject } from "../util/json.ts";
import { request } from "./client.ts";
import { ensureDaemon } from "./start.ts";

/** The sessions that need the user, most urgent first, as the daemon of the tmux server sees them (started if it is not running). */
export async function fetchInbox(tmux: Tmux): Promise<InboxItem[]> {
  const { layout } = await ensureDaemon(tmux);
  const answer = await request(layout.socket, { op: "inbox" });
  if (!answer.ok) throw new AgentmuxError(answer.error, answer.hint ? { hint: answer.hint } : {});
  return Array.isArray(answer["inbox"]) ? (answer["inbox"] as InboxItem[]) : [];
}

export interface InboxSubscription {
  close(): void;
}

/** The views the daemon pushes to a connection kept open. */
export type DaemonView = "subscribe" | "feed" | { op: "output"; pane: string };

/**
 * A view the daemon pushes (op "subscribe": the inbox; op "feed": the roster, src/daemon/feed.ts;
 * op "output": one pane's output, src/daemon/pane-output.ts), started if it is not running: onMessage gets each JSON object it writes, until close(); onEnd is
 * told once when the daemon goes away (the caller may subscribe again).
 */
export async function subscribeDaemon(tmux: Tmux, op: DaemonView, onMessage: (message: Record<string, unknown>) => void, onEnd: (why: string) => void = () => undefined): Promise<InboxSubscription> {
  const { layout } = await ensureDaemon(tmux);
  const socket = createConnection(layout.socket);
  let closed = false;
  const end = (why: string) => { if (!closed) { closed = true; onEnd(why); } };
  socket.once("connect", () => socket.write(`${JSON.stringify(typeof op === "string" ? { op } : op)}\n`));
  socket.on("error", (error) => end(error.message));
  socket.on("close", () => end("the daemon closed the connection"));
  // readline passes the socket's error on as its own: the socket's listener above tells onEnd.
  createInterface({ input: socket }).on("error", () => undefined).on("line", (line) => {
    let message: unknown;
    try { message = JSON.parse(line); } catch { return; /* a line that is not JSON is skipped */ }
    if (isJsonObject(message)) onMessage(message);
  });
  return { close: () => { closed = true; socket.destroy(); } };
}

/**
 * The inbox, pushed: onItems is called with the list at once and again on every change the daemon
 * sees, until close(). onEnd is told when the daemon goes away (the caller may subscribe again).
 */
export function subscribeInbox(tmux: Tmux, onItems: (items: InboxItem[]) => void, onEnd: (why: string) => void = () => undefined): Promise<InboxSubscription> {
  return subscribeDaemon(tmux, "subscribe", (message) => { if (message["ok"] === true && Array.isArray(message["inbox"])) onItems(message["inbox"] as InboxItem[]); }, onEnd);
}
