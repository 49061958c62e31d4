import type { ServerResponse } from "node:http";
import { serveLocal, readJsonBody, type LocalServer } from "../helpers/fake-http.ts";
import { HELLO, isObject, type Json } from "./fake-model.ts";

/**
 * A fake of the Gemini API (generateContent, streamGenerateContent?alt=sse, countTokens) on
 * 127.0.0.1, for Gemini CLI through GOOGLE_GEMINI_BASE_URL. A prompt containing "E2E_TOOL" gets a
 * call of the shell tool (touch E2E_CMD=<path> from the prompt); requests without tools (the
 * CLI's router and side questions) get a short answer, or JSON shaped like their schema.
 */
export async function startFakeGemini(): Promise<LocalServer> {
  return serveLocal(async (req, res) => {
    const body = await readJsonBody(req);
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (req.method === "POST" && path.endsWith(":countTokens")) return json(res, { totalTokens: 42 });
    if (req.method !== "POST" || !/:(stream)?[gG]enerateContent$/.test(path) || !isObject(body)) return json(res, { error: { code: 404, message: "not in fake", status: "NOT_FOUND" } }, 404);
    const parts = answer(body);
    const chunk = { candidates: [{ content: { role: "model", parts }, index: 0, finishReason: "STOP" }], usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 20, totalTokenCount: 32 }, modelVersion: "fake" };
    if (!path.endsWith("streamGenerateContent")) return json(res, chunk);
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
  });
}

function json(res: ServerResponse, value: unknown, status = 200): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

function fromSchema(schema: unknown): unknown {
  if (!isObject(schema)) return {};
  const type = String(schema["type"] ?? "").toLowerCase();
  if (type === "object" || isObject(schema["properties"])) return Object.fromEntries(Object.entries((schema["properties"] ?? {}) as Json).map(([k, v]) => [k, fromSchema(v)]));
  if (type === "array") return [];
  if (type === "boolean") return false;
  if (type === "number" || type === "integer") return typeof schema["minimum"] === "number" ? schema["minimum"] : 1;
  if (Array.isArray(schema["enum"])) return schema["enum"][0];
  return "fake";
}

function answer(body: Json): Json[] {
  const config = isObject(body["generationConfig"]) ? body["generationConfig"] : {};
  const schema = config["responseJsonSchema"] ?? config["responseSchema"];
  if (schema || config["responseMimeType"] === "application/json") return [{ text: JSON.stringify(fromSchema(schema)) }];
  const tools = (Array.isArray(body["tools"]) ? body["tools"] : []).flatMap((t) => (isObject(t) && Array.isArray(t["functionDeclarations"]) ? t["functionDeclarations"] : [])) as Json[];
  if (tools.length === 0) return [{ text: "Fake side answer." }];
  const contents = Array.isArray(body["contents"]) ? body["contents"] : [];
  const last = contents[contents.length - 1];
  const parts = (isObject(last) && Array.isArray(last["parts"]) ? last["parts"] : []) as Json[];
  if (parts.some((p) => p["functionResponse"])) return [{ text: "Tool finished." }];
  const text = parts.map((p) => (typeof p["text"] === "string" ? p["text"] : "")).join("\n");
  const shell = tools.find((t) => /shell/i.test(String(t["name"])));
  const target = /E2E_CMD=(\S+)/.exec(text)?.[1];
  if (/E2E_TOOL/.test(text) && shell && target) return [{ functionCall: { name: shell["name"], args: { command: `touch ${target}`, description: "Create marker file" } } }];
  return [{ text: HELLO }];
}
