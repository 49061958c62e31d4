import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect, createServer, type AddressInfo } from "node:net";
import { WebSocket } from "ws";

/** A free TCP port (taken and let go). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "0.0.0.0", () => r()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface Reply { status: number; headers: IncomingHttpHeaders; body: Record<string, unknown> }

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** The client's own address (the peer address the server sees). */
  from: string;
  token?: string | undefined;
}

/**
 * The phone page's API as a phone calls it: Host names host:port, a POST carries X-Agent-Remote,
 * a token goes as a bearer token; connected from options.from.
 */
export function remoteCall(host: string, port: number, method: string, path: string, options: CallOptions): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const data = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {
      Host: `${host}:${port}`, Connection: "close",
      ...(method === "POST" ? { "X-Agent-Remote": "1", "Content-Type": "application/json" } : {}),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}), ...options.headers,
    };
    const req = httpRequest({ host, port, method, path, localAddress: options.from, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: Record<string, unknown> = {};
        try { body = JSON.parse(text) as Record<string, unknown>; } catch { body = { text }; }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on("error", reject);
    req.end(data);
  });
}

/**
 * Many POSTs sent as a slow client sends them: every request's headers first (with
 * `Expect: 100-continue`, so the server says when it has read them and called its handler), and
 * only once the server said so for all of them, every body. Answers each final status.
 */
export async function slowBodies(host: string, port: number, path: string, bodies: unknown[], from: string): Promise<number[]> {
  const sockets = bodies.map((body) => {
    const data = JSON.stringify(body);
    const socket = connect({ host, port, localAddress: from });
    let text = "";
    const continued = new Promise<void>((resolve, reject) => {
      socket.on("data", (d) => { text += String(d); if (text.includes("100 Continue")) resolve(); });
      socket.on("error", reject);
      socket.on("close", () => reject(new Error(`closed before 100 Continue: ${text}`)));
    });
    const done = new Promise<number>((resolve) => socket.on("close", () => {
      const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1])).filter((s) => s !== 100);
      resolve(statuses.at(-1) ?? 0);
    }));
    socket.write(`POST ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nX-Agent-Remote: 1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(data)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
    return { socket, data, continued, done };
  });
  await Promise.all(sockets.map((s) => s.continued));
  for (const s of sockets) s.socket.write(s.data);
  return Promise.all(sockets.map((s) => s.done));
}

export type Message = { type: string; [k: string]: unknown };

/** A WebSocket client of the page that keeps every message, connected from `from`. */
export function openSocket(host: string, port: number, from: string, token: string) {
  const ws = new WebSocket(`ws://${host}:${port}/ws${token ? `?token=${encodeURIComponent(token)}` : ""}`, { localAddress: from, origin: `http://${host}:${port}` });
  const messages: Message[] = [];
  ws.on("message", (d) => messages.push(JSON.parse(String(d)) as Message));
  const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("unexpected-response", (_req, res) => reject(new Error(`refused ${res.statusCode ?? 0}`)));
    ws.once("error", reject);
  });
  return { ws, messages, opened, closed };
}
