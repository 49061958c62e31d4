import type { ServerResponse } from "node:http";
import { readJsonBody, serveLocal } from "../helpers/fake-http.ts";
import { decide, TIMING, type Decision, type Timing } from "./fake-anthropic-decide.ts";
import { isObject, type FakeModelServer, type Json } from "./fake-model.ts";

export { decide, PLAN, SESSION_TITLE, type Decision } from "./fake-anthropic-decide.ts";

export interface LoggedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  decision: Decision | null;
}

export interface FakeAnthropicOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** How long an E2E_SLOW answer takes to stream. */
  slowMs?: number;
  /** The command an E2E_TOOL prompt runs when it names no E2E_CMD=<path>. */
  toolCmd?: string;
  /** How long the subagent (E2E_AGENT), E2E_LONG and E2E_SILENT answers take. */
  timing?: Partial<Timing>;
}

export type FakeAnthropic = FakeModelServer<LoggedRequest>;

const usage = { input_tokens: 12, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sendJson(res: ServerResponse, value: unknown, headers: Record<string, string> = {}, status = 200): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(value));
}

type Answer = Exclude<Decision, { kind: "error" }>;

/** Keep the stream open with pings for ms; false when the client went away. */
async function pings(res: ServerResponse, ms: number, ping: () => void): Promise<boolean> {
  for (let t = 0; t < ms; t += 2000) {
    await sleep(Math.min(2000, ms - t));
    if (res.destroyed) return false;
    ping();
  }
  return true;
}

async function stream(res: ServerResponse, model: string, seq: number, d: Answer, slowMs: number): Promise<void> {
  const event = (type: string, data: Json) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  const delta = (index: number, value: Json) => event("content_block_delta", { index, delta: value });
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "request-id": `req_fake_${seq}`, connection: "keep-alive" });
  event("message_start", { message: { id: `msg_fake_${seq}`, type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage } });
  event("ping", {});
  event("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
  if (d.kind === "tool") {
    delta(0, { type: "text_delta", text: "I will run a command." });
    event("content_block_stop", { index: 0 });
    event("content_block_start", { index: 1, content_block: { type: "tool_use", id: `toolu_fake_${seq}`, name: d.name, input: {} } });
    const json = JSON.stringify(d.input);
    const half = Math.floor(json.length / 2);
    delta(1, { type: "input_json_delta", partial_json: json.slice(0, half) });
    delta(1, { type: "input_json_delta", partial_json: json.slice(half) });
    event("content_block_stop", { index: 1 });
  } else {
    if (d.silentMs && !(await pings(res, d.silentMs, () => event("ping", {})))) return;
    const words = d.text.split(/(?<= )/);
    const gap = d.slow ? Math.floor((d.ms ?? slowMs) / words.length) : 0;
    for (const word of words) {
      if (gap) {
        await sleep(gap);
        if (res.destroyed) return;
        event("ping", {});
      }
      delta(0, { type: "text_delta", text: word });
    }
    event("content_block_stop", { index: 0 });
  }
  event("message_delta", { delta: { stop_reason: d.kind === "tool" ? "tool_use" : "end_turn", stop_sequence: null }, usage: { output_tokens: 20 } });
  event("message_stop", {});
  res.end();
}

function message(model: string, seq: number, d: Answer): Json {
  const content = d.kind === "tool"
    ? [{ type: "tool_use", id: `toolu_fake_${seq}`, name: d.name, input: d.input }]
    : [{ type: "text", text: d.text }];
  const stop = d.kind === "tool" ? "tool_use" : "end_turn";
  return { id: `msg_fake_${seq}`, type: "message", role: "assistant", model, content, stop_reason: stop, stop_sequence: null, usage };
}

const MODELS = {
  data: [{ type: "model", id: "claude-sonnet-4-5", display_name: "Fake Sonnet", created_at: "2025-01-01T00:00:00Z" }],
  has_more: false, first_id: "claude-sonnet-4-5", last_id: "claude-sonnet-4-5",
};

/** A fake Anthropic Messages API on 127.0.0.1 for driving the real Claude Code (and opencode) offline. */
export async function startFakeAnthropic(options: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const slowMs = options.slowMs ?? 6000;
  const timing = { ...TIMING, ...options.timing };
  const requests: LoggedRequest[] = [];
  let seq = 0;
  const server = await serveLocal(async (req, res) => {
    const body = await readJsonBody(req);
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const entry: LoggedRequest = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, decision: null };
    requests.push(entry);
    try {
      if (req.method === "POST" && path === "/v1/messages/count_tokens") return sendJson(res, { input_tokens: 42 });
      if (req.method === "POST" && path === "/v1/messages" && isObject(body)) {
        const decision = decide(body, options.toolCmd, timing);
        entry.decision = decision;
        const model = typeof body["model"] === "string" ? body["model"] : "fake";
        seq += 1;
        if (decision.kind === "error") {
          const failure = { type: "error", error: { type: decision.type, message: decision.message } };
          return sendJson(res, failure, { "request-id": `req_fake_${seq}`, ...decision.headers }, decision.status);
        }
        if (body["stream"]) return await stream(res, model, seq, decision, slowMs);
        return sendJson(res, message(model, seq, decision), { "request-id": `req_fake_${seq}` });
      }
      if (req.method === "HEAD") return void res.writeHead(200).end();
      if (req.method === "GET" && path === "/v1/models") return sendJson(res, MODELS);
      sendJson(res, {});
    } catch (error) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    }
  }, options.port ?? 0);
  return { ...server, requests };
}
