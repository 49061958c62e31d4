import type { ServerResponse } from "node:http";
import { readJsonBody, serveLocal } from "../helpers/fake-http.ts";
import { HELLO, isObject, SLOW_TEXT, type FakeModelServer, type Json } from "./fake-model.ts";
import { recall } from "./fake-anthropic-decide.ts";

/** What the fake answers to one /v1/responses request. */
export type Decision =
  | { kind: "text"; text: string; side?: boolean; slow?: boolean }
  | { kind: "tool"; name: string; args: Record<string, unknown> }
  /** A freeform (custom) tool call: Codex's apply_patch takes the patch text itself. */
  | { kind: "custom"; name: string; input: string }
  | { kind: "error"; status: number; body: Json; headers: Record<string, string> };

export interface LoggedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  decision: Decision | null;
}

export interface FakeOpenAIOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** How long an E2E_SLOW answer takes to stream, after thinkMs of silence. */
  slowMs?: number;
  thinkMs?: number;
  /** The command an E2E_TOOL prompt runs when it names no E2E_CMD=<path>. */
  toolCmd?: string;
}

export type FakeOpenAI = FakeModelServer<LoggedRequest>;

export const JUSTIFICATION = "E2E: may I create the marker file?";


function itemText(item: Json | undefined): string {
  const content = item?.["content"];
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((c) => (isObject(c) && typeof c["text"] === "string" ? c["text"] : "")).join("\n");
}

function toolName(tool: Json): string {
  const fn = tool["function"];
  return String(tool["name"] ?? (isObject(fn) ? fn["name"] : undefined) ?? tool["type"]);
}

/** Choose the reply from the input items of a Responses request (pure). */
export function decide(body: Json, toolCmd = "touch e2e-marker"): Decision {
  const input = Array.isArray(body["input"]) ? (body["input"] as unknown[]).filter(isObject) : [];
  const tools = Array.isArray(body["tools"]) ? (body["tools"] as unknown[]).filter(isObject) : [];
  // Side requests (Codex's thread title) carry no tools and want JSON matching their schema.
  if (tools.length === 0) {
    const format = isObject(body["text"]) ? body["text"]["format"] : undefined;
    if (isObject(format) && format["type"] === "json_schema" && isObject(format["schema"]) && isObject(format["schema"]["properties"])) {
      const out: Json = {};
      for (const [key, spec] of Object.entries(format["schema"]["properties"])) {
        const type = isObject(spec) ? spec["type"] : undefined;
        out[key] = type === "string" ? `E2E fake ${key}` : type === "boolean" ? false : type === "array" ? [] : type === "object" ? {} : 0;
      }
      return { kind: "text", text: JSON.stringify(out), side: true };
    }
    return { kind: "text", text: "Fake side answer.", side: true };
  }
  const last = input[input.length - 1];
  if (last && (last["type"] === "function_call_output" || last["type"] === "custom_tool_call_output")) {
    const output = typeof last["output"] === "string" ? last["output"] : JSON.stringify(last["output"]);
    return { kind: "text", text: `Tool finished: ${String(output).slice(0, 160)}` };
  }
  const user = [...input].reverse().find((i) => i["role"] === "user" && (i["type"] === "message" || i["type"] === undefined));
  const text = itemText(user);
  if (text.includes("E2E_TOOL")) {
    const path = /E2E_CMD=(\S+)/.exec(text)?.[1];
    const cmd = path ? `touch ${path}` : toolCmd;
    const names = tools.map(toolName);
    // require_escalated makes Codex (approval_policy on-request) ask before running the command.
    if (names.includes("exec_command")) return { kind: "tool", name: "exec_command", args: { cmd, sandbox_permissions: "require_escalated", justification: JUSTIFICATION } };
    if (names.includes("shell")) return { kind: "tool", name: "shell", args: { command: ["bash", "-lc", cmd] } };
    return { kind: "text", text: `No shell tool offered: ${names.join(",")}` };
  }
  // E2E_WRITE=<path>: a shell command that writes one line to path (a file change for agentmux diff), asked for like E2E_TOOL's.
  const written = /E2E_WRITE=(\S+)/.exec(text)?.[1];
  if (written && tools.map(toolName).includes("exec_command")) {
    return { kind: "tool", name: "exec_command", args: { cmd: `printf '%s\\n' 'written by the fake model' > '${written.replace(/'/g, "")}'`, sandbox_permissions: "require_escalated", justification: JUSTIFICATION } };
  }
  if (text.includes("E2E_RECALL")) return { kind: "text", text: recall(JSON.stringify(input.slice(0, input.lastIndexOf(user as Json)))) };
  if (text.includes("E2E_PATCH")) return patch(tools, /E2E_PATCH=(\S+)/.exec(text)?.[1] ?? PATCH_FILE);
  if (text.includes("E2E_429")) return USAGE_LIMIT;
  // E2E_SAY=<words up to the end of the line>: answered word for word (a ranking answer, say).
  if (/E2E_SAY=/.test(text)) return { kind: "text", text: /E2E_SAY=([^\n]*)/.exec(text)?.[1]?.trim() ?? "" };
  if (text.includes("E2E_PROSE")) return { kind: "text", text: "I looked at the project. Would you like me to create the marker file now?" };
  if (text.includes("E2E_SLOW")) return { kind: "text", text: SLOW_TEXT, slow: true };
  return { kind: "text", text: HELLO };
}

/** Where E2E_PATCH writes by default: outside the workspace, so that Codex asks first. */
export const PATCH_FILE = "../e2e-patched.txt";

/** Codex's apply_patch: a freeform tool that takes the patch, or (older) a function with {input}. */
function patch(tools: Json[], file: string): Decision {
  const text = `*** Begin Patch\n*** Add File: ${file}\n+patched by the fake model\n*** End Patch\n`;
  const tool = tools.find((t) => toolName(t) === "apply_patch");
  if (!tool) return { kind: "text", text: `No apply_patch tool offered: ${tools.map(toolName).join(",")}` };
  return tool["type"] === "custom" ? { kind: "custom", name: "apply_patch", input: text } : { kind: "tool", name: "apply_patch", args: { input: text } };
}

/** A 429 the way the API reports a used-up plan (Codex names it a usage limit). */
const USAGE_LIMIT: Decision = {
  kind: "error",
  status: 429,
  headers: { "retry-after": "3600" },
  body: { error: { type: "usage_limit_reached", message: "E2E fake usage limit reached", plan_type: "plus", resets_in_seconds: 3600 } },
};

const usage = { input_tokens: 12, input_tokens_details: { cached_tokens: 0 }, output_tokens: 20, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 32 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Answer = Exclude<Decision, { kind: "error" }>;

function outputItem(seq: number, d: Answer): Json {
  if (d.kind === "custom") return { type: "custom_tool_call", id: `ctc_fake_${seq}`, call_id: `call_fake_${seq}`, name: d.name, input: d.input, status: "completed" };
  if (d.kind === "tool") return { type: "function_call", id: `fc_fake_${seq}`, call_id: `call_fake_${seq}`, name: d.name, arguments: JSON.stringify(d.args), status: "completed" };
  return { type: "message", id: `msg_fake_${seq}`, role: "assistant", status: "completed", content: [{ type: "output_text", text: d.text, annotations: [] }] };
}

async function stream(res: ServerResponse, model: string, seq: number, d: Answer, options: { slowMs: number; thinkMs: number }): Promise<void> {
  let n = 0;
  const send = (type: string, data: Json) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: n++, ...data })}\n\n`);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "x-request-id": `req_fake_${seq}` });
  const base = { id: `resp_fake_${seq}`, object: "response", created_at: Math.floor(Date.now() / 1000), status: "in_progress", model, output: [] };
  send("response.created", { response: base });
  send("response.in_progress", { response: base });
  // A slow answer first stays silent, so the CLI shows its "Working" line.
  if (d.kind === "text" && d.slow) {
    await sleep(options.thinkMs);
    if (res.destroyed) return;
  }
  const done = outputItem(seq, d);
  const id = String(done["id"]);
  if (d.kind === "custom") {
    send("response.output_item.added", { output_index: 0, item: { ...done, input: "", status: "in_progress" } });
    send("response.custom_tool_call_input.delta", { item_id: id, output_index: 0, delta: d.input });
    send("response.custom_tool_call_input.done", { item_id: id, output_index: 0, input: d.input });
  } else if (d.kind === "tool") {
    send("response.output_item.added", { output_index: 0, item: { ...done, arguments: "", status: "in_progress" } });
    send("response.function_call_arguments.delta", { item_id: id, output_index: 0, delta: done["arguments"] });
    send("response.function_call_arguments.done", { item_id: id, output_index: 0, arguments: done["arguments"] });
  } else {
    const at = { item_id: id, output_index: 0, content_index: 0 };
    send("response.output_item.added", { output_index: 0, item: { ...done, status: "in_progress", content: [] } });
    send("response.content_part.added", { ...at, part: { type: "output_text", text: "", annotations: [] } });
    const words = d.text.split(/(?<= )/);
    const gap = d.slow ? Math.floor(options.slowMs / words.length) : 0;
    for (const word of words) {
      if (gap) {
        await sleep(gap);
        if (res.destroyed) return;
      }
      send("response.output_text.delta", { ...at, delta: word });
    }
    send("response.output_text.done", { ...at, text: d.text });
    send("response.content_part.done", { ...at, part: { type: "output_text", text: d.text, annotations: [] } });
  }
  send("response.output_item.done", { output_index: 0, item: done });
  send("response.completed", { response: { ...base, status: "completed", output: [done], usage } });
  res.end();
}

function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(value));
}


const MODELS = ["gpt-5.1-codex", "gpt-5-codex", "gpt-5", "fake-model"];

/** A fake OpenAI Responses API on 127.0.0.1 for driving the real Codex CLI offline. */
export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const timing = { slowMs: options.slowMs ?? 6000, thinkMs: options.thinkMs ?? 3000 };
  const requests: LoggedRequest[] = [];
  let seq = 0;
  const server = await serveLocal(async (req, res) => {
    const body = await readJsonBody(req);
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const entry: LoggedRequest = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, decision: null };
    requests.push(entry);
    try {
      if (req.method === "POST" && path.endsWith("/responses") && isObject(body)) {
        const decision = decide(body, options.toolCmd);
        entry.decision = decision;
        const model = typeof body["model"] === "string" ? body["model"] : "fake";
        seq += 1;
        if (decision.kind === "error") return sendJson(res, decision.status, decision.body, decision.headers);
        if (body["stream"]) return await stream(res, model, seq, decision, timing);
        const item = outputItem(seq, decision);
        return sendJson(res, 200, { id: `resp_fake_${seq}`, object: "response", status: "completed", model, output: [item], output_text: decision.kind === "text" ? decision.text : "", usage });
      }
      if (req.method === "GET" && path.endsWith("/models")) {
        return sendJson(res, 200, { object: "list", data: MODELS.map((id) => ({ id, object: "model", created: 1700000000, owned_by: "fake" })) });
      }
      if (req.method === "HEAD") return void res.writeHead(200).end();
      sendJson(res, 404, { error: { message: "not found in fake", type: "invalid_request_error" } });
    } catch (error) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    }
  }, options.port ?? 0);
  return { ...server, requests };
}
