import { createConnection } from "node:net";
import { createInterface } from "node:readline";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { sleep } from "../util/sleep.ts";
import type { Request, Response } from "./protocol.ts";

/** Send one request to the daemon and wait for its answer. */
export function request(socketPath: string, message: Request, timeoutMs = 5000): Promise<Response> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    const timer = setTimeout(() => { socket.destroy(); reject(new AgentmuxError(`the daemon did not answer within ${timeoutMs} ms`, { hint: "see agentmux daemon logs", exitCode: EXIT.timeout })); }, timeoutMs);
    socket.once("error", (error) => {
      clearTimeout(timer);
      reject(new AgentmuxError(`the agentmux daemon is not running (${socketPath}: ${(error as NodeJS.ErrnoException).code ?? error.message})`, { hint: "start it with agentmux daemon start", exitCode: EXIT.daemonDown }));
    });
    socket.once("connect", () => socket.write(`${JSON.stringify(message)}\n`));
    // readline passes the socket's error on as its own: the socket's listener above answers it.
    createInterface({ input: socket }).on("error", () => undefined).once("line", (line) => {
      clearTimeout(timer);
      socket.end();
      try { resolve(JSON.parse(line) as Response); } catch { reject(new AgentmuxError("the daemon sent an invalid answer")); }
    });
  });
}

/** Like request, but retried for a while when the daemon is down (e.g. restarting). */
export async function requestWithRetry(socketPath: string, message: Request, retryForMs: number): Promise<Response> {
  const deadline = Date.now() + retryForMs;
  for (;;) {
    try {
      return await request(socketPath, message);
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await sleep(150);
    }
  }
}
