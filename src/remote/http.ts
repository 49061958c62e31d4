import type { IncomingMessage, ServerResponse } from "node:http";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { installDir } from "../util/install-dir.ts";
import type { Answer } from "./port.ts";

/** The page's files (etc/remote/), served as they are, and their types. */
export const PAGE_FILES: Record<string, { file: string; type: string }> = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/index.html": { file: "index.html", type: "text/html; charset=utf-8" },
  "/app.js": { file: "app.js", type: "text/javascript; charset=utf-8" },
  "/dom.js": { file: "dom.js", type: "text/javascript; charset=utf-8" },
  "/http.js": { file: "http.js", type: "text/javascript; charset=utf-8" },
  "/live.js": { file: "live.js", type: "text/javascript; charset=utf-8" },
  "/list.js": { file: "list.js", type: "text/javascript; charset=utf-8" },
  "/session.js": { file: "session.js", type: "text/javascript; charset=utf-8" },
  "/restart.js": { file: "restart.js", type: "text/javascript; charset=utf-8" },
  "/changes.js": { file: "changes.js", type: "text/javascript; charset=utf-8" },
  "/notify.js": { file: "notify.js", type: "text/javascript; charset=utf-8" },
  "/style.css": { file: "style.css", type: "text/css; charset=utf-8" },
  "/manifest.webmanifest": { file: "manifest.webmanifest", type: "application/manifest+json" },
  "/icon.svg": { file: "icon.svg", type: "image/svg+xml" },
  "/icon-192.png": { file: "icon-192.png", type: "image/png" },
  "/icon-512.png": { file: "icon-512.png", type: "image/png" },
};

export const pageDir = (): string => join(installDir(), "etc", "remote");

/** Headers every answer carries: nothing cached or framed, no type sniffing, and never an Access-Control-Allow-* header. */
const COMMON = { "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY" };

export function sendJson(res: ServerResponse, answer: Answer, extra: Record<string, string> = {}): void {
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, { ...COMMON, ...answer.headers, ...extra, "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

export async function sendPageFile(res: ServerResponse, path: string): Promise<void> {
  const entry = PAGE_FILES[path];
  if (!entry) { sendJson(res, { status: 404, body: { error: `nothing at ${path}` } }); return; }
  let data: Buffer;
  try {
    data = await readFile(join(pageDir(), entry.file));
  } catch {
    sendJson(res, { status: 404, body: { error: `the page's file ${entry.file} is missing`, hint: `reinstall agentmux: etc/remote/${entry.file} belongs to it` } });
    return;
  }
  res.writeHead(200, { ...COMMON, "Content-Type": entry.type, "Cache-Control": "no-cache", "Content-Length": data.length });
  res.end(data);
}

/** The largest request body accepted. */
export const MAX_BODY = 64 * 1024;

/** A JSON object body (≤ MAX_BODY); an answer when it is too large or not a JSON object. */
export function readJson(req: IncomingMessage): Promise<Record<string, unknown> | Answer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY && !done) { done = true; resolve({ status: 413, body: { error: `the request body is larger than ${MAX_BODY} bytes` } }); req.resume(); return; }
      if (!done) chunks.push(chunk);
    });
    req.on("error", () => { if (!done) { done = true; resolve({ status: 400, body: { error: "the request body could not be read" } }); } });
    req.on("end", () => {
      if (done) return;
      done = true;
      try {
        const value: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
        if (value && typeof value === "object" && !Array.isArray(value)) resolve(value as Record<string, unknown>);
        else resolve({ status: 400, body: { error: "the request body is not a JSON object" } });
      } catch {
        resolve({ status: 400, body: { error: "the request body is not valid JSON" } });
      }
    });
  });
}

export const isAnswer = (v: unknown): v is Answer => typeof v === "object" && v !== null && "status" in v && "body" in v && typeof (v as Answer).status === "number";

/** The bearer token of a request (Authorization header) or of a WebSocket URL (?token=). */
export function tokenOf(req: IncomingMessage, url: URL): string | null {
  const auth = req.headers.authorization;
  const bearer = auth && /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
  return bearer || url.searchParams.get("token") || null;
}
