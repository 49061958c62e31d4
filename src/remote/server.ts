import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { WebSocketServer } from "ws";
import { AgentmuxError } from "../util/errors.ts";
import { accounts, keys, restart, send, sessionRows } from "./actions.ts";
import { inNetworks, parseNetwork, type Network } from "./cidr.ts";
import { DeviceStore, devicesFile } from "./devices.ts";
import { hostMatches, HostResolver, pageOrigin, type TailscaleLookup } from "./host.ts";
import { isAnswer, readJson, sendJson, sendPageFile, tokenOf } from "./http.ts";
import { Live } from "./live.ts";
import { diffAnswer } from "./diff.ts";
import { fail, type Answer, type RemotePort } from "./port.ts";
import { Attempts, type Refusal } from "./rate-limit.ts";

/** The header every input request carries: a cross-origin page cannot add it without a preflight, which is never approved. */
export const INPUT_HEADER = "x-agent-remote";

export interface RemoteSettings { listen: string; port: number; host: string | null; networks: Network[]; outputLines: number }

/** The config's remote section, checked (a bad network is an error naming it). */
export function remoteSettings(config: RemotePort["config"]): RemoteSettings {
  const r = config().remote;
  const networks = r.allowedNetworks.map((n) => parseNetwork(n));
  return { listen: r.listen, port: r.port, host: r.host ?? null, networks, outputLines: r.outputLines };
}

/** Two settings are the same when this is (networks hold bigints, which JSON has not). */
export const settingsKey = (s: RemoteSettings): string => JSON.stringify(s, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));

/**
 * The phone page's server, inside the daemon: node:http for the page and the API, ws (loaded here,
 * only when the page is served) for the live list and output. Every connection from outside the
 * allowed networks is closed unanswered; every request must name the expected host (421 until it
 * is known); input needs X-Agent-Remote; every API request and the WebSocket need a paired
 * device's token, from every peer whatever its network (a wrong one is logged; wrong tokens and
 * codes are rate-limited per address and overall, counted where they are judged).
 */
export class RemoteServer {
  private server: Server | null = null;
  private unwatchDevices: (() => void) | null = null;
  private wss: WebSocketServer | null = null;
  readonly live: Live;
  readonly devices: DeviceStore;
  readonly hosts: HostResolver;
  /** Wrong pairing codes and wrong tokens, each counted per address and overall. */
  private readonly codes = new Attempts("pairing codes");
  private readonly tokens = new Attempts("tokens");

  constructor(private readonly port: RemotePort, readonly settings: RemoteSettings, lookup?: TailscaleLookup) {
    this.devices = new DeviceStore(devicesFile(port.stateDir));
    this.hosts = new HostResolver(settings.host, lookup);
    // A devices file that cannot be read ends every connection (refused, as its requests are).
    this.live = new Live(port, (token) => { try { return this.devices.verify(token ?? undefined) !== null; } catch { return false; } });
  }

  async start(): Promise<void> {
    const { WebSocketServer } = await import("ws");
    this.wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
    const server = createServer((req, res) => void this.request(req, res).catch((e: Error) => {
      this.port.log(`remote: ${req.method ?? "?"} ${req.url ?? "?"}: ${e.message}`);
      if (!res.headersSent) sendJson(res, fail(500, e.message));
    }));
    server.on("connection", (socket) => {
      // Outside the allowed networks: closed before a byte is read, nothing answered.
      if (!inNetworks(socket.remoteAddress, this.settings.networks)) socket.destroy();
    });
    server.on("upgrade", (req, socket, head) => void this.upgrade(req, socket, head).catch(() => socket.destroy()));
    server.on("clientError", (_e, socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      server.once("error", (error: NodeJS.ErrnoException) => {
        const where = `${this.settings.listen}:${this.settings.port}`;
        if (error.code === "EADDRINUSE") reject(new AgentmuxError(`port ${this.settings.port} is in use (${where}): another program listens there`, { hint: "stop it, or set remote.port to a free port in the config" }));
        else if (error.code === "EADDRNOTAVAIL") reject(new AgentmuxError(`remote.listen ${this.settings.listen} is not an address of this machine`, { hint: "use 0.0.0.0 (every IPv4 interface) or one of this machine's addresses" }));
        else reject(new AgentmuxError(`the phone page cannot listen on ${where}: ${error.message}`, { hint: "check remote.listen and remote.port in the config" }));
      });
      server.listen(this.settings.port, this.settings.listen, () => resolve());
    });
    this.server = server;
    // A revoke (from the CLI's process) closes that device's open WebSockets at once.
    try {
      this.unwatchDevices = this.devices.watch(() => this.live.devicesChanged());
    } catch (error) {
      this.port.log(`remote: ${this.devices.path} cannot be watched (${(error as Error).message}): a revoke closes open WebSockets at the next reconcile`);
    }
  }

  async stop(): Promise<void> {
    this.unwatchDevices?.();
    this.unwatchDevices = null;
    this.live.close();
    this.wss?.close();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The host check; null when it passes, else the 421. */
  private async misdirected(req: IncomingMessage): Promise<Answer | null> {
    const expected = await this.hosts.expected();
    if ("error" in expected) return fail(421, expected.error);
    if (hostMatches(req.headers.host, expected.host, this.settings.port)) return null;
    return fail(421, `misdirected request: this server answers to ${expected.host}:${this.settings.port}, not ${req.headers.host ?? "(no Host header)"}`, `open http://${expected.host}:${this.settings.port}/ on the phone`);
  }

  /**
   * The token check every API request and the WebSocket pass (no network is trusted without one);
   * null when it passes. An address over its own limit is refused before its token is judged. The
   * overall limit refuses wrong tokens only: a token (32 random bytes) cannot be guessed, so a
   * paired device is never locked out by what other addresses send.
   */
  private authorized(req: IncomingMessage, url: URL): Answer | null {
    const address = req.socket.remoteAddress ?? "?";
    const own = this.tokens.fromAddress(address);
    if (own) return tooMany(own);
    const token = tokenOf(req, url);
    if (!token) return { status: 401, body: { error: "this device is not paired", pair: true } };
    if (this.devices.verify(token) !== null) return null;
    const all = this.tokens.fromAll();
    if (all) return tooMany(all);
    this.port.log(`remote: a wrong token from ${address}`);
    this.tokens.failed(address);
    return { status: 401, body: { error: "this device's token is not valid (revoked, or never paired)", pair: true } };
  }

  private async request(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const wrongHost = await this.misdirected(req);
    if (wrongHost) { sendJson(res, wrongHost); return; }
    const url = new URL(req.url ?? "/", "http://page");
    const method = req.method ?? "GET";
    // No preflight is ever approved, nor any other method.
    if (method !== "GET" && method !== "POST") { sendJson(res, fail(405, `${method} is not allowed`), { Allow: "GET, POST" }); return; }
    if (method === "POST" && req.headers[INPUT_HEADER] === undefined) { sendJson(res, fail(403, "input needs the X-Agent-Remote header", "send X-Agent-Remote: 1 with every POST")); return; }
    if (method === "GET" && !url.pathname.startsWith("/api/")) { await sendPageFile(res, url.pathname); return; }
    if (url.pathname === "/api/pair" && method === "POST") { sendJson(res, await this.pair(req)); return; }
    const refused = this.authorized(req, url);
    if (refused) { sendJson(res, refused); return; }
    sendJson(res, await this.api(method, url, req));
  }

  private async api(method: string, url: URL, req: IncomingMessage): Promise<Answer> {
    const route = `${method} ${url.pathname}`;
    if (route === "GET /api/sessions") return { status: 200, body: { sessions: await sessionRows(this.port) } };
    if (route === "GET /api/accounts") return accounts(this.port, url.searchParams.get("pane"));
    if (route === "GET /api/diff") return diffAnswer(this.port, url.searchParams.get("pane"), url.searchParams.get("file"));
    const handler = { "POST /api/send": send, "POST /api/keys": keys, "POST /api/restart": restart }[route];
    if (!handler) return fail(404, `no API ${route}`);
    const body = await readJson(req);
    if (isAnswer(body)) return body;
    const answer = await handler(this.port, body);
    this.live.sessionsChanged();
    return answer;
  }

  /** POST /api/pair: the limits are asked after the body is read, in the same step as the code is judged and a wrong one counted. */
  private async pair(req: IncomingMessage): Promise<Answer> {
    const address = req.socket.remoteAddress ?? "?";
    const body = await readJson(req);
    if (isAnswer(body)) return body;
    const refused = this.codes.fromAddress(address) ?? this.codes.fromAll();
    if (refused) return tooMany(refused);
    const code = body["code"];
    const paired = typeof code === "string" ? this.devices.redeem(code, body["device"]) : null;
    if (!paired) {
      this.port.log(`remote: a wrong pairing code from ${address}`);
      this.codes.failed(address);
      return { status: 401, body: { error: "the pairing code is wrong, used or expired", hint: "run agentmux remote pair for a new one", pair: true } };
    }
    this.port.log(`remote: paired ${paired.name} from ${address}`);
    return { status: 200, body: { token: paired.token, device: paired.name } };
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const refuse = (answer: Answer) => {
      const body = JSON.stringify(answer.body);
      const extra = Object.entries(answer.headers ?? {}).map(([k, v]) => `${k}: ${v}\r\n`).join("");
      socket.end(`HTTP/1.1 ${answer.status} Refused\r\nConnection: close\r\n${extra}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    };
    const wrongHost = await this.misdirected(req);
    if (wrongHost) { refuse(wrongHost); return; }
    const url = new URL(req.url ?? "/", "http://page");
    if (url.pathname !== "/ws" || !this.wss) { refuse(fail(404, `no WebSocket at ${url.pathname}`)); return; }
    const expected = this.hosts.describe().host ?? "";
    const origin = pageOrigin(expected, this.settings.port);
    if ((req.headers.origin ?? "").toLowerCase() !== origin) { refuse(fail(403, `the WebSocket's Origin ${req.headers.origin ?? "(none)"} is not the page's own (${origin})`)); return; }
    const refused = this.authorized(req, url);
    if (refused) { refuse(refused); return; }
    const token = tokenOf(req, url);
    const wss = this.wss;
    wss.handleUpgrade(req, socket, head, (ws) => this.live.add(ws, token));
  }

  /** For `remote status`: the host is looked up now when it is not known yet. */
  async status(): Promise<Record<string, unknown>> {
    await this.hosts.expected();
    const { host, tailscale } = this.hosts.describe();
    return {
      running: this.server !== null, listen: this.settings.listen, port: this.settings.port, host, configuredHost: this.settings.host,
      tailscale, allowedNetworks: this.settings.networks.map((n) => n.text),
      devices: this.devices.list().length, clients: this.live.size, url: host ? `http://${pageOrigin(host, this.settings.port).slice(7)}/` : null,
    };
  }
}

/** A 429 with its Retry-After. */
const tooMany = (r: Refusal): Answer => ({ status: 429, body: { error: r.error }, headers: { "Retry-After": String(r.retryAfter) } });
