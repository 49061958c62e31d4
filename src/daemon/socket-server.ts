import { chmodSync, unlinkSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { createInterface } from "node:readline";
import { AgentmuxError } from "../util/errors.ts";
import type { Request, Response } from "./protocol.ts";

/** True when something answers on the socket (a live daemon), false when it is stale or absent. */
export function socketAlive(path: string, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    const done = (alive: boolean) => { socket.destroy(); resolve(alive); };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    setTimeout(() => done(false), timeoutMs).unref();
  });
}

/** Listen on a Unix socket (0600), replacing a stale one; each line is a request. */
export async function listen(path: string, handle: (request: Request, socket: Socket) => Promise<Response | null>): Promise<Server> {
  if (await socketAlive(path)) throw new AgentmuxError(`another agentmux daemon already answers on ${path}`, { hint: "see agentmux daemon status" });
  try { unlinkSync(path); } catch { /* none */ }
  const server = createServer((socket) => {
    const lines = createInterface({ input: socket });
    socket.on("error", () => socket.destroy());
    lines.on("line", (line) => {
      let request: Request;
      try {
        request = JSON.parse(line) as Request;
      } catch {
        socket.write(`${JSON.stringify({ ok: false, error: "invalid JSON request" })}\n`);
        return;
      }
      handle(request, socket).then(
        (response) => { if (response && !socket.destroyed) socket.write(`${JSON.stringify(response)}\n`); },
        (error: unknown) => { if (!socket.destroyed) socket.write(`${JSON.stringify({ ok: false, error: String(error instanceof Error ? error.message : error) })}\n`); },
      );
    });
  });
  const old = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(path, () => resolve());
    });
  } finally {
    process.umask(old);
  }
  chmodSync(path, 0o600);
  return server;
}
