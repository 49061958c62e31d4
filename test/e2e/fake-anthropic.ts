import type { ServerResponse } from "node:http";
import { readJsonBody, serveLocal } from "../helpers/fake-http.ts";
import { HELLO, isObject, SLOW_TEXT, type FakeModelServer, type Json } from "./fake-model.ts";

/** What the fake answers to one /v1/messages request. */
export type Decision =
  | { kind: "text"; text: string; side?: boolean; slow?: boolean }
  | { kind: "tool"; name: string; cmd: string };

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
}

export type FakeAnthropic = FakeModelServer<LoggedRequest>;

export const SESSION_TITLE = "E2E fake session title";


function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.filter((b) => isObject(b) && b["type"] === "text").map((b) => String((b as Json)["text"])).join("\n");
}

// Structured side requests (Claude's session title) want JSON matching their schema.
function fillSchema(schema: Json): Json {
  const out: Json = {};
  const properties = isObject(schema["properties"]) ? schema["properties"] : {};
  for (const [key, spec] of Object.entries(properties)) {
    const type = isObject(spec) ? spec["type"] : undefined;
    out[key] = type === "string" ? (key === "title" ? SESSION_TITLE : `fake ${key}`)
      : type === "boolean" ? false
      : type === "number" || type === "integer" ? 0
      : type === "array" ? [] : {};
  }
  return out;
}

/** Choose the reply from the last non-system message of a request (pure). */
export function decide(body: Json, toolCmd = "touch e2e-marker"): Decision {
  const tools = Array.isArray(body["tools"]) ? (body["tools"] as unknown[]).filter(isObject) : [];
  const messages = Array.isArray(body["messages"]) ? (body["messages"] as unknown[]).filter(isObject) : [];
  // Claude Code 2.1 appends a {role: "system"} message after the user's turn (mid-conversation-system beta).
  const last = [...messages].reverse().find((m) => m["role"] !== "system") ?? {};
  if (tools.length === 0) {
    const format = isObject(body["output_config"]) ? body["output_config"]["format"] : undefined;
    if (isObject(format) && format["type"] === "json_schema" && isObject(format["schema"])) {
      return { kind: "text", text: JSON.stringify(fillSchema(format["schema"])), side: true };
    }
    return { kind: "text", text: "Fake side answer.", side: true };
  }
  const blocks = Array.isArray(last["content"]) ? (last["content"] as unknown[]).filter(isObject) : [];
  const result = blocks.find((b) => b["type"] === "tool_result");
  if (result) {
    const output = typeof result["content"] === "string" ? result["content"] : textOf(result["content"]);
    return { kind: "text", text: `Tool finished: ${result["is_error"] ? "(error) " : ""}${output.slice(0, 200)}` };
  }
  const text = textOf(last["content"]);
  const bash = tools.find((t) => /^bash$/i.test(String(t["name"])));
  if (text.includes("E2E_TOOL") && bash) {
    const path = /E2E_CMD=(\S+)/.exec(text)?.[1];
    return { kind: "tool", name: String(bash["name"]), cmd: path ? `touch ${path}` : toolCmd };
  }
  if (text.includes("E2E_SLOW")) return { kind: "text", text: SLOW_TEXT, slow: true };
  return { kind: "text", text: HELLO };
}

const usage = { input_tokens: 12, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sendJson(res: ServerResponse, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(200, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(value));
}

function toolInput(d: Extract<Decision, { kind: "tool" }>): Json {
  return { command: d.cmd, description: "Create marker file" };
}

async function stream(res: ServerResponse, model: string, seq: number, d: Decision, slowMs: number): Promise<void> {
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
    const json = JSON.stringify(toolInput(d));
    const half = Math.floor(json.length / 2);
    delta(1, { type: "input_json_delta", partial_json: json.slice(0, half) });
    delta(1, { type: "input_json_delta", partial_json: json.slice(half) });
    event("content_block_stop", { index: 1 });
  } else {
    const words = d.text.split(/(?<= )/);
    const gap = d.slow ? Math.floor(slowMs / words.length) : 0;
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

function message(model: string, seq: number, d: Decision): Json {
  const content = d.kind === "tool"
    ? [{ type: "tool_use", id: `toolu_fake_${seq}`, name: d.name, input: toolInput(d) }]
    : [{ type: "text", text: d.text }];
  const stop = d.kind === "tool" ? "tool_use" : "end_turn";
  return { id: `msg_fake_${seq}`, type: "message", role: "assistant", model, content, stop_reason: stop, stop_sequence: null, usage };
}

const MODELS = {
  data: [{ type: "model", id: "claude-sonnet-4-5", display_name: "Fake Sonnet", created_at: "2025-01-01T00:00:00Z" }],
  has_more: false, first_id: "claude-sonnet-4-5", last_id: "claude-sonnet-4-5",
};


/** A fake Anthropic Messages API on 127.0.0.1 for driving the real Claude Code offline. */
export async function startFakeAnthropic(options: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const slowMs = options.slowMs ?? 6000;
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
        const decision = decide(body, options.toolCmd);
        entry.decision = decision;
        const model = typeof body["model"] === "string" ? body["model"] : "fake";
        seq += 1;
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
