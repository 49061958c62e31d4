import type { ServerResponse } from "node:http";
import { readJsonBody, serveLocal } from "../helpers/fake-http.ts";
import { HELLO, isObject, SLOW_TEXT, type FakeModelServer, type Json } from "./fake-model.ts";

/** What the fake answers to one generateContent request. */
export type Decision =
  | { kind: "text"; text: string; side?: boolean; slow?: boolean }
  | { kind: "tool"; name: string; args: Json };

export interface LoggedRequest { method: string; url: string; body: unknown; decision: Decision | null }
export interface FakeGeminiOptions { port?: number; slowMs?: number; thinkMs?: number; toolCmd?: string }
export type FakeGemini = FakeModelServer<LoggedRequest>;

// Structured side requests (Gemini's complexity router) validate their JSON: numbers start at the minimum.
function fromSchema(schema: unknown): unknown {
  if (!isObject(schema)) return {};
  const type = String(schema["type"] ?? "").toLowerCase();
  if (type === "object" || isObject(schema["properties"])) {
    const properties = isObject(schema["properties"]) ? schema["properties"] : {};
    return Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, fromSchema(v)]));
  }
  if (type === "array") return [];
  if (type === "boolean") return false;
  if (type === "number" || type === "integer") return typeof schema["minimum"] === "number" ? schema["minimum"] : 1;
  if (Array.isArray(schema["enum"])) return schema["enum"][0];
  return "fake";
}

const COLOUR = { question: "Which colour should the marker be?", header: "Colour", type: "choice", options: [{ label: "Red", description: "A red marker" }, { label: "Blue", description: "A blue marker" }] };

/** Choose the reply from the last content of a Gemini request (pure). */
export function decide(body: Json, toolCmd = "touch e2e-marker"): Decision {
  const contents = Array.isArray(body["contents"]) ? (body["contents"] as unknown[]).filter(isObject) : [];
  const parts = (Array.isArray(contents.at(-1)?.["parts"]) ? contents.at(-1)?.["parts"] as unknown[] : []).filter(isObject);
  const tools = (Array.isArray(body["tools"]) ? body["tools"] as unknown[] : []).filter(isObject)
    .flatMap((t) => (Array.isArray(t["functionDeclarations"]) ? t["functionDeclarations"] as unknown[] : [])).filter(isObject);
  const config = isObject(body["generationConfig"]) ? body["generationConfig"] : {};
  const schema = config["responseJsonSchema"] ?? config["responseSchema"];
  if (schema || config["responseMimeType"] === "application/json") return { kind: "text", text: JSON.stringify(fromSchema(schema)), side: true };
  if (tools.length === 0) return { kind: "text", text: "Fake side answer.", side: true };
  const response = parts.find((p) => isObject(p["functionResponse"]));
  if (response) return { kind: "text", text: `Tool finished: ${JSON.stringify((response["functionResponse"] as Json)["response"]).slice(0, 160)}` };
  // The last text part is what the user typed (Gemini puts its session context and earlier parts first).
  const text = String(parts.filter((p) => typeof p["text"] === "string").at(-1)?.["text"] ?? "");
  const named = (re: RegExp) => tools.find((t) => re.test(String(t["name"])));
  const shell = named(/shell/i);
  // E2E_CMD=<path> chooses the file the command touches (as the Anthropic fake does).
  const target = /E2E_CMD=(\S+)/.exec(text)?.[1];
  if (text.includes("E2E_TOOL") && shell) return { kind: "tool", name: String(shell["name"]), args: { command: target ? `touch ${target}` : toolCmd, description: "Create marker file" } };
  if (text.includes("E2E_ASK") && named(/^ask_user$/)) return { kind: "tool", name: "ask_user", args: { questions: [COLOUR] } };
  if (text.includes("E2E_PROSE")) return { kind: "text", text: "I looked at the project. Would you like me to create the marker file now?" };
  if (text.includes("E2E_SLOW")) return { kind: "text", text: SLOW_TEXT, slow: true };
  return { kind: "text", text: HELLO };
}

const usage = { promptTokenCount: 12, candidatesTokenCount: 20, totalTokenCount: 32 };
const chunk = (parts: Json[], finish: boolean): Json => ({ candidates: [{ content: { role: "model", parts }, index: 0, ...(finish ? { finishReason: "STOP" } : {}) }], usageMetadata: usage, modelVersion: "fake" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function stream(res: ServerResponse, d: Decision, timing: { slowMs: number; thinkMs: number }): Promise<void> {
  res.writeHead(200, { "content-type": "text/event-stream" });
  const send = (value: Json) => res.write(`data: ${JSON.stringify(value)}\r\n\r\n`);
  if (d.kind === "tool") send(chunk([{ functionCall: { name: d.name, args: d.args } }], true));
  else {
    const words = d.text.split(/(?<= )/);
    const gap = d.slow ? Math.floor(timing.slowMs / words.length) : 0;
    if (d.slow) await sleep(timing.thinkMs);
    for (const [i, word] of words.entries()) {
      if (gap) await sleep(gap);
      if (res.destroyed) return;
      send(chunk([{ text: word }], i === words.length - 1));
    }
  }
  res.end();
}

/** A fake Gemini API (generateContent, streamGenerateContent) on 127.0.0.1 for driving the real Gemini CLI offline. */
export async function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeGemini> {
  const timing = { slowMs: options.slowMs ?? 6000, thinkMs: options.thinkMs ?? 3000 };
  const requests: LoggedRequest[] = [];
  const server = await serveLocal(async (req, res) => {
    const body = await readJsonBody(req);
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const entry: LoggedRequest = { method: req.method ?? "", url: req.url ?? "", body, decision: null };
    requests.push(entry);
    const json = (status: number, value: unknown) => { res.writeHead(status, { "content-type": "application/json" }); res.end(JSON.stringify(value)); };
    if (req.method === "POST" && path.endsWith(":countTokens")) return json(200, { totalTokens: 42 });
    if (req.method === "POST" && /:(stream)?[gG]enerateContent$/.test(path) && isObject(body)) {
      const decision = decide(body, options.toolCmd);
      entry.decision = decision;
      if (path.endsWith(":streamGenerateContent")) return await stream(res, decision, timing);
      return json(200, chunk(decision.kind === "tool" ? [{ functionCall: { name: decision.name, args: decision.args } }] : [{ text: decision.text }], true));
    }
    if (req.method === "HEAD") return void res.writeHead(200).end();
    if (req.method === "GET" && path.endsWith("/models")) return json(200, { models: [] });
    json(404, { error: { code: 404, message: "not in fake", status: "NOT_FOUND" } });
  }, options.port ?? 0);
  return { ...server, requests };
}
