import type { ServerResponse } from "node:http";
import { readJsonBody, serveLocal } from "../helpers/fake-http.ts";
import { HELLO, isObject, SLOW_TEXT, type FakeModelServer, type Json } from "./fake-model.ts";

/**
 * A fake OpenAI Chat Completions API (POST …/chat/completions, streamed or not, and GET …/models)
 * for the CLIs that speak that dialect (Qwen Code, Cline, Copilot CLI with an OpenAI provider). It
 * answers from the last user message of a request that offers tools:
 * - the last message is a tool result: "Tool finished: <output>";
 * - E2E_TOOL: a call of the CLI's shell tool (the first of SHELL_TOOLS it offers), its arguments
 *   built from the tool's JSON schema; E2E_CMD=<path> makes the command `touch <path>`;
 * - E2E_SLOW: thinkMs of silence, then SLOW_TEXT streamed over slowMs;
 * - anything else: HELLO.
 * A request without tools (a title, a summary) gets a quick side answer, JSON when it asks for JSON.
 */
export type ChatDecision =
  | { kind: "text"; text: string; side?: boolean; slow?: boolean }
  | { kind: "tool"; name: string; args: Json };

export interface ChatLoggedRequest { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: unknown; decision: ChatDecision | null }

export interface FakeChatOptions { port?: number; slowMs?: number; thinkMs?: number; toolCmd?: string; models?: string[] }

export type FakeChat = FakeModelServer<ChatLoggedRequest>;

/** The shell tools of the CLIs, in the order they are looked for. */
export const SHELL_TOOLS = ["run_shell_command", "run_commands", "bash", "Bash", "shell", "execute_command", "exec_command", "shell_command", "run_command", "run_terminal_cmd", "launch-process", "Execute", "powershell"];

const textOf = (content: unknown): string => {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((p) => (isObject(p) ? (typeof p["text"] === "string" ? p["text"] : typeof p["content"] === "string" ? p["content"] : "") : "")).join("\n");
};

const toolName = (tool: Json): string => {
  const fn = tool["function"];
  return String((isObject(fn) ? fn["name"] : undefined) ?? tool["name"]);
};

/** Arguments for a shell tool from its JSON schema: the command where it takes one, required fields filled in. */
export function argsFor(tool: Json, command: string): Json {
  const fn = isObject(tool["function"]) ? tool["function"] : tool;
  const params = isObject(fn["parameters"]) ? fn["parameters"] : {};
  const props = isObject(params["properties"]) ? params["properties"] : {};
  const required = new Set(Array.isArray(params["required"]) ? params["required"].map(String) : []);
  const args: Json = {};
  for (const [key, raw] of Object.entries(props)) {
    const spec = isObject(raw) ? raw : {};
    if (/^(command|cmd)$/i.test(key)) args[key] = spec["type"] === "array" ? ["bash", "-lc", command] : command;
    else if (/^commands$/i.test(key)) args[key] = [command];
    else if (/description|reason|justification|explanation/i.test(key)) { if (required.has(key)) args[key] = "E2E: create the marker file"; }
    else if (required.has(key)) {
      const type = spec["type"];
      args[key] = type === "boolean" ? /requires_approval/i.test(key) : type === "integer" || type === "number" ? Number(spec["minimum"] ?? 0)
        : type === "array" ? [] : type === "object" ? {} : Array.isArray(spec["enum"]) ? spec["enum"][0] : "e2e";
    }
  }
  return args;
}

/** The reply to one Chat Completions request (pure). */
export function decideChat(body: Json, toolCmd = "touch e2e-marker"): ChatDecision {
  const messages = Array.isArray(body["messages"]) ? (body["messages"] as unknown[]).filter(isObject) : [];
  const tools = Array.isArray(body["tools"]) ? (body["tools"] as unknown[]).filter(isObject) : [];
  const last = messages.at(-1);
  const text = textOf([...messages].reverse().find((m) => m["role"] === "user")?.["content"]);
  if (tools.length === 0) {
    const format = isObject(body["response_format"]) ? body["response_format"] : undefined;
    const schema = isObject(format?.["json_schema"]) && isObject(format["json_schema"]["schema"]) ? format["json_schema"]["schema"] : undefined;
    if (format?.["type"] === "json_schema" && schema && isObject(schema["properties"])) {
      const out: Json = {};
      for (const [key, spec] of Object.entries(schema["properties"])) {
        const type = isObject(spec) ? spec["type"] : undefined;
        out[key] = type === "string" ? `E2E fake ${key}` : type === "boolean" ? false : type === "array" ? [] : type === "object" ? {} : 0;
      }
      return { kind: "text", text: JSON.stringify(out), side: true };
    }
    if (format?.["type"] === "json_object") return { kind: "text", text: '{"title":"E2E fake title"}', side: true };
    return { kind: "text", text: "Fake side answer.", side: true };
  }
  if (last?.["role"] === "tool") return { kind: "text", text: `Tool finished: ${textOf(last["content"]).slice(0, 160)}` };
  if (text.includes("E2E_TOOL")) {
    const path = /E2E_CMD=(\S+)/.exec(text)?.[1];
    const names = tools.map(toolName);
    const name = SHELL_TOOLS.find((n) => names.includes(n));
    if (!name) return { kind: "text", text: `No shell tool offered: ${names.join(",")}` };
    return { kind: "tool", name, args: argsFor(tools[names.indexOf(name)] ?? {}, path ? `touch ${path}` : toolCmd) };
  }
  if (text.includes("E2E_SLOW")) return { kind: "text", text: SLOW_TEXT, slow: true };
  return { kind: "text", text: HELLO };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const usage = { prompt_tokens: 12, completion_tokens: 20, total_tokens: 32 };

async function stream(res: ServerResponse, body: Json, d: ChatDecision, n: number, timing: { slowMs: number; thinkMs: number }): Promise<void> {
  const id = `chatcmpl-fake-${n}`;
  const created = Math.floor(Date.now() / 1000);
  const model = String(body["model"] ?? "fake-model");
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive", "x-request-id": `req_fake_${n}` });
  const chunk = (delta: Json, finish: string | null = null) => res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`);
  if (d.kind === "text" && d.slow) {
    await sleep(timing.thinkMs);
    if (res.destroyed) return;
  }
  if (d.kind === "tool") {
    chunk({ role: "assistant", content: null, tool_calls: [{ index: 0, id: `call_fake_${n}`, type: "function", function: { name: d.name, arguments: "" } }] });
    const args = JSON.stringify(d.args);
    const half = Math.floor(args.length / 2);
    chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, half) } }] });
    chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] });
    chunk({}, "tool_calls");
  } else {
    chunk({ role: "assistant", content: "" });
    const pieces = d.text.split(/(?<= )/);
    const gap = d.slow ? Math.floor(timing.slowMs / pieces.length) : 0;
    for (const piece of pieces) {
      if (gap) {
        await sleep(gap);
        if (res.destroyed) return;
      }
      chunk({ content: piece });
    }
    chunk({}, "stop");
  }
  const options = body["stream_options"];
  if (isObject(options) && options["include_usage"]) res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [], usage })}\n\n`);
  res.write("data: [DONE]\n\n");
  res.end();
}

function whole(res: ServerResponse, body: Json, d: ChatDecision, n: number): void {
  const message = d.kind === "tool"
    ? { role: "assistant", content: null, tool_calls: [{ id: `call_fake_${n}`, type: "function", function: { name: d.name, arguments: JSON.stringify(d.args) } }] }
    : { role: "assistant", content: d.text };
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ id: `chatcmpl-fake-${n}`, object: "chat.completion", created: Math.floor(Date.now() / 1000), model: String(body["model"] ?? "fake-model"), choices: [{ index: 0, message, finish_reason: d.kind === "tool" ? "tool_calls" : "stop" }], usage }));
}

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
};

/** Start the fake on 127.0.0.1 (a free port unless options.port); its url ends without /v1. */
export async function startFakeChat(options: FakeChatOptions = {}): Promise<FakeChat> {
  const requests: ChatLoggedRequest[] = [];
  const timing = { slowMs: options.slowMs ?? 6000, thinkMs: options.thinkMs ?? 3000 };
  const models = options.models ?? ["fake-model", "gpt-4o", "gpt-4.1", "qwen3-coder-plus"];
  let seq = 0;
  const server = await serveLocal((req, res) => {
    void (async () => {
      const body = await readJsonBody(req);
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const logged: ChatLoggedRequest = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, decision: null };
      requests.push(logged);
      if (req.method === "POST" && /\/chat\/completions$/.test(path) && isObject(body)) {
        const d = decideChat(body, options.toolCmd);
        logged.decision = d;
        seq += 1;
        if (body["stream"]) await stream(res, body, d, seq, timing);
        else whole(res, body, d, seq);
        return;
      }
      if (req.method === "GET" && /\/models$/.test(path)) return json(res, 200, { object: "list", data: models.map((id) => ({ id, object: "model", created: 1700000000, owned_by: "fake" })) });
      if (req.method === "HEAD" || (req.method === "GET" && (path === "/" || path === "/v1"))) return json(res, 200, {});
      json(res, 404, { error: { message: "not found in fake", type: "invalid_request_error" } });
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  }, options.port ?? 0);
  return { ...server, requests };
}
