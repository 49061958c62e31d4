import type { WebSocket } from "ws";
import type { RosterEntry } from "../session/roster.ts";
import { loadSessions, outputLines, rowsOf } from "./actions.ts";
import { watchElsewhere } from "./live-elsewhere.ts";
import type { RemotePort } from "./port.ts";

/** elsewhere: stops the watch of another machine's pane (HOST:%N) the client watches. */
interface Client { ws: WebSocket; token: string | null; watching: string | null; lastOutput: string; elsewhere: (() => void) | null }

/** How long changes are gathered before the list is worked out again (a turn's end changes several things at once). */
const GATHER_MS = 5;

/**
 * The WebSocket side: every client gets the session list at once and again when it changed, and
 * the output of the pane it watches at once and when the screen watch saw that pane change. Nothing
 * here polls: the list is worked out after the session table's changes and the daemon's reconcile,
 * the output after the screen watch's change of a watched pane.
 */
export class Live {
  private readonly clients = new Set<Client>();
  private lastRows = "";
  private timer: NodeJS.Timeout | null = null;
  private working: Promise<void> | null = null;
  private again = false;
  /** The last roster read: a state change is pushed from it at once, before the roster is read again. */
  private roster: RosterEntry[] | null = null;

  constructor(private readonly port: RemotePort, private readonly stillPaired: (token: string | null) => boolean) {}

  get size(): number { return this.clients.size; }

  add(ws: WebSocket, token: string | null): void {
    const client: Client = { ws, token, watching: null, lastOutput: "", elsewhere: null };
    this.clients.add(client);
    const gone = () => { this.stopElsewhere(client); this.clients.delete(client); };
    ws.on("close", gone);
    ws.on("error", gone);
    ws.on("message", (data) => void this.received(client, String(data)).catch((e: Error) => this.send(client, { type: "error", error: e.message })));
    void loadSessions(this.port).then((roster) => {
      this.roster = roster;
      const sessions = rowsOf(this.port, roster);
      this.lastRows = JSON.stringify(sessions);
      this.send(client, { type: "sessions", sessions, at: Date.now() });
    }).catch((e: Error) => this.send(client, { type: "error", error: `the session list: ${e.message}` }));
  }

  private async received(client: Client, text: string): Promise<void> {
    let message: { type?: unknown; pane?: unknown };
    try { message = JSON.parse(text) as typeof message; } catch { this.send(client, { type: "error", error: "the message is not JSON" }); return; }
    if (message.type === "unwatch") { this.stopElsewhere(client); client.watching = null; client.lastOutput = ""; return; }
    if (message.type !== "watch" || typeof message.pane !== "string") { this.send(client, { type: "error", error: `unknown message ${JSON.stringify(message.type)}` }); return; }
    const pane = message.pane;
    this.stopElsewhere(client);
    const there = watchElsewhere(this.port, pane, (m) => this.send(client, m));
    if (there && "error" in there) { client.watching = null; this.send(client, { type: "error", error: there.error }); return; }
    if (there) { client.watching = pane; client.elsewhere = there.stop; return; }
    const t = this.port.tracked.get(pane);
    if (!t || t.machine.state === "exited") { client.watching = null; this.send(client, { type: "ended", pane }); return; }
    client.watching = pane;
    client.lastOutput = "";
    await this.pushOutput(client);
  }

  private stopElsewhere(client: Client): void {
    client.elsewhere?.();
    client.elsewhere = null;
  }

  private send(client: Client, message: Record<string, unknown>): void {
    if (client.ws.readyState !== 1) return;
    // A device revoked meanwhile gets nothing more.
    if (this.endIfRevoked(client)) return;
    client.ws.send(JSON.stringify(message));
  }

  /** Closes the client's connection (4401, which the page answers by asking to pair) when its token is no longer valid. */
  private endIfRevoked(client: Client): boolean {
    if (this.stillPaired(client.token)) return false;
    client.ws.close(4401, "this device was revoked");
    this.stopElsewhere(client);
    this.clients.delete(client);
    return true;
  }

  /** The paired devices changed (a revoke): every connection whose token stopped being valid is closed now. */
  devicesChanged(): void {
    for (const c of this.clients) this.endIfRevoked(c);
  }

  private async pushOutput(client: Client): Promise<void> {
    const pane = client.watching;
    if (!pane) return;
    const lines = await outputLines(this.port, pane);
    if (client.watching !== pane) return;
    if (lines === null) { client.watching = null; this.send(client, { type: "ended", pane }); return; }
    const text = JSON.stringify(lines);
    if (text === client.lastOutput) return;
    client.lastOutput = text;
    this.send(client, { type: "output", pane, lines });
  }

  /** The screen watch saw a pane change. */
  screenChanged(pane: string): void {
    for (const c of this.clients) if (c.watching === pane && !c.elsewhere) void this.pushOutput(c).catch((e: Error) => this.port.log(`remote output of ${pane}: ${e.message}`));
  }

  /** Sessions may have changed (a state, the set of panes, an option): the list is sent where it differs. */
  sessionsChanged(): void {
    if (this.clients.size === 0 || this.timer) return;
    this.timer = setTimeout(() => { this.timer = null; void this.refresh(); }, GATHER_MS);
  }

  private async refresh(): Promise<void> {
    if (this.working) { this.again = true; return; }
    this.working = (async () => {
      // A safety net for a change the devices file's watch missed (it runs after every reconcile).
      this.devicesChanged();
      for (const c of this.clients) {
        const t = c.watching ? this.port.tracked.get(c.watching) : undefined;
        if (c.watching && !c.elsewhere && (!t || t.machine.state === "exited")) { const pane = c.watching; c.watching = null; this.send(c, { type: "ended", pane }); }
      }
      // The state first, from the roster read last time (a state change needs no tmux round trip), then the roster again.
      if (this.roster) this.broadcast(rowsOf(this.port, this.roster, true));
      this.roster = await loadSessions(this.port);
      this.broadcast(rowsOf(this.port, this.roster));
    })().catch((e: Error) => this.port.log(`remote sessions: ${e.message}`)).finally(() => {
      this.working = null;
      if (this.again) { this.again = false; void this.refresh(); }
    });
    await this.working;
  }

  private broadcast(sessions: ReturnType<typeof rowsOf>): void {
    const text = JSON.stringify(sessions);
    if (text === this.lastRows) return;
    this.lastRows = text;
    const at = Date.now();
    for (const c of this.clients) this.send(c, { type: "sessions", sessions, at });
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const c of this.clients) { this.stopElsewhere(c); c.ws.close(1001, "the server stops"); }
    this.clients.clear();
  }
}
