import type { ServerResponse } from "node:http";
import { readJsonBody, serveLocal } from "../helpers/fake-http.ts";
import { recall } from "./fake-anthropic-decide.ts";
import { HELLO, isObject, SLOW_TEXT, type FakeModelServer, type Json } from "./fake-model.ts";

/**
 * A fake Augment backend (the "tenant URL" Auggie talks to, set in AUGMENT_SESSION_AUTH). POST
 * /chat-stream answers NDJSON lines, each a BackChatResult `{text, nodes, stop_reason?}`: text nodes
 * (type 0, `content`) and tool-use nodes (type 5, `tool_use: {tool_use_id, tool_name, input_json}`).
 * It answers from the request's `message` and text nodes:
 * - a request offering no tools (a title, a summary): a quick side answer;
 * - a tool result in `nodes`: "Tool finished: <output>";
 * - E2E_TOOL: a call of `launch-process`; E2E_CMD=<path> makes its command `touch <path>`;
 * - E2E_RECALL: the MARK- words of the chat history sent (fake-anthropic-decide's recall);
 * - E2E_SLOW: thinkMs of silence, then SLOW_TEXT streamed over slowMs;
 * - anything else: HELLO.
 * POST /get-models names one model and turns on Auggie's hooks and plugins (the feature flags
 * `enable_hooks` and `enable_plugin_marketplace`, which the real backend sets per tenant: without
 * them Auggie runs no hook at all); every other endpoint answers 200 {}.
 */
export type AugmentDecision =
  | { kind: "text"; text: string; side?: boolean; slow?: boolean }
  | { kind: "tool"; name: string; input: Json };

export interface AugmentLoggedRequest { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: unknown; decision: AugmentDecision | null }

export interface FakeAugmentOptions { port?: number; slowMs?: number; thinkMs?: number; toolCmd?: string; /** Where the tool's command runs (default: the fake's cwd). */ toolCwd?: string }

export type FakeAugment = FakeModelServer<AugmentLoggedRequest>;

const nodesOf = (body: Json): Json[] => (Array.isArray(body["nodes"]) ? (body["nodes"] as unknown[]).filter(isObject) : []);

/** The reply to one /chat-stream request (pure). cwd is where the tool's command runs. */
export function decideAugment(body: Json, toolCmd = "touch e2e-marker", cwd = "."): AugmentDecision {
  const nodes = nodesOf(body);
  const result = nodes.map((n) => n["tool_result_node"]).find(isObject);
  const text = [String(body["message"] ?? ""), ...nodes.map((n) => {
    const node = n["text_node"];
    return isObject(node) ? String(node["content"] ?? "") : "";
  })].join("\n");
  const tools = Array.isArray(body["tool_definitions"]) ? (body["tool_definitions"] as unknown[]).filter(isObject).map((t) => String(t["name"])) : [];
  if (tools.length === 0) return { kind: "text", text: "Fake side answer.", side: true };
  if (result) return { kind: "text", text: `Tool finished: ${String(result["content"] ?? "").slice(0, 160)}` };
  if (text.includes("E2E_TOOL")) {
    if (!tools.includes("launch-process")) return { kind: "text", text: `No launch-process tool: ${tools.join(",")}` };
    const path = /E2E_CMD=(\S+)/.exec(text)?.[1];
    return { kind: "tool", name: "launch-process", input: { command: path ? `touch ${path}` : toolCmd, wait: true, max_wait_seconds: 30, cwd } };
  }
  if (text.includes("E2E_RECALL")) return { kind: "text", text: recall(JSON.stringify(body["chat_history"] ?? [])) };
  if (text.includes("E2E_SLOW")) return { kind: "text", text: SLOW_TEXT, slow: true };
  return { kind: "text", text: HELLO };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stream(res: ServerResponse, d: AugmentDecision, n: number, timing: { slowMs: number; thinkMs: number }): Promise<void> {
  res.writeHead(200, { "content-type": "application/json" });
  const line = (o: Json) => res.write(`${JSON.stringify({ unknown_blob_names: [], checkpoint_not_found: false, workspace_file_chunks: [], ...o })}\n`);
  if (d.kind === "tool") {
    line({ text: "I will run a command.", nodes: [{ id: 1, type: 0, content: "I will run a command." }] });
    line({ text: "", nodes: [{ id: 2, type: 5, content: "", tool_use: { tool_use_id: `toolu_fake_${n}`, tool_name: d.name, input_json: JSON.stringify(d.input) } }], stop_reason: 3 });
  } else {
    if (d.slow) {
      await sleep(timing.thinkMs);
      if (res.destroyed) return;
    }
    const pieces = d.text.split(/(?<= )/);
    const gap = d.slow ? Math.floor(timing.slowMs / pieces.length) : 0;
    let id = 0;
    for (const piece of pieces) {
      if (gap) {
        await sleep(gap);
        if (res.destroyed) return;
      }
      line({ text: piece, nodes: [{ id: ++id, type: 0, content: piece }] });
    }
    line({ text: "", nodes: [], stop_reason: 1 });
  }
  res.end();
}

const json = (res: ServerResponse, value: unknown) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
};

/** Start the fake on 127.0.0.1 (a free port unless options.port); Auggie's tenantURL is its url with a trailing slash. */
export async function startFakeAugment(options: FakeAugmentOptions = {}): Promise<FakeAugment> {
  const requests: AugmentLoggedRequest[] = [];
  const timing = { slowMs: options.slowMs ?? 6000, thinkMs: options.thinkMs ?? 3000 };
  let seq = 0;
  const server = await serveLocal((req, res) => {
    void (async () => {
      const body = await readJsonBody(req);
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const logged: AugmentLoggedRequest = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, decision: null };
      requests.push(logged);
      if (req.method === "POST" && path === "/chat-stream" && isObject(body)) {
        const d = decideAugment(body, options.toolCmd, options.toolCwd ?? process.cwd());
        logged.decision = d;
        seq += 1;
        return stream(res, d, seq, timing);
      }
      if (path === "/get-models") {
        return json(res, { default_model: "fake-model", models: [{ name: "fake-model", suggested_prefix_char_count: 0, suggested_suffix_char_count: 0 }], languages: [], feature_flags: { enable_hooks: true, enable_plugin_marketplace: true } });
      }
      if (path === "/agents/list-remote-tools") return json(res, { tools: [] });
      json(res, {});
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  }, options.port ?? 0);
  return { ...server, requests };
}
