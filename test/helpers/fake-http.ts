import { createServer, type IncomingMessage, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

/** A fake HTTP server on 127.0.0.1. */
export interface LocalServer { url: string; port: number; close(): Promise<void> }

/** Serve on 127.0.0.1 (port 0: a free one); close() also drops connections kept alive. */
export async function serveLocal(listener: RequestListener, port = 0): Promise<LocalServer> {
  const server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A request's body as JSON (gzip, br and deflate undone); text that is not JSON as its first 2,000 characters; none: null. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let raw = Buffer.concat(chunks);
  const encoding = req.headers["content-encoding"];
  try {
    if (encoding === "gzip") raw = gunzipSync(raw);
    else if (encoding === "br") raw = brotliDecompressSync(raw);
    else if (encoding === "deflate") raw = inflateSync(raw);
  } catch {
    // kept as the raw text below
  }
  const text = raw.toString("utf8");
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text.slice(0, 2000);
  }
}
