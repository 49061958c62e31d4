import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { serveLocal } from "./fake-http.ts";

/** What the fake answers next on a path: a status, headers and a JSON body, or nothing at all (hang). */
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | "hang";

export interface FakeUsageServer {
  url: (path: string) => string;
  /** Queue answers for a path, or for "PATH TOKEN" (only requests with that bearer token); the last one repeats. */
  answer(path: string, ...answers: FakeAnswer[]): void;
  requests: Array<{ path: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/** A usage endpoint on 127.0.0.1 that answers what the test queued. */
export async function startFakeUsageServer(): Promise<FakeUsageServer> {
  const queues = new Map<string, FakeAnswer[]>();
  const requests: FakeUsageServer["requests"] = [];
  const server = await serveLocal((req, res) => {
    const path = req.url ?? "/";
    requests.push({ path, headers: req.headers });
    const token = /^Bearer (.+)$/.exec(req.headers["authorization"] ?? "")?.[1];
    const queue = (token === undefined ? undefined : queues.get(`${path} ${token}`)) ?? queues.get(path) ?? [{ status: 404, body: { error: "no answer queued" } }];
    const answer = (queue.length > 1 ? queue.shift() : queue[0]) as FakeAnswer;
    if (answer === "hang") return;
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    res.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
  });
  return {
    url: (path) => `${server.url}${path}`,
    answer: (path, ...answers) => queues.set(path, answers),
    requests,
    close: server.close,
  };
}

/** A port on 127.0.0.1 where nothing listens: connections are refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
