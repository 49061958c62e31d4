import { HELLO, isObject, SLOW_TEXT, words, type Json } from "./fake-model.ts";

/** What the fake answers to one /v1/messages request. */
export type Decision =
  | { kind: "text"; text: string; side?: boolean; slow?: boolean; ms?: number; silentMs?: number }
  | { kind: "tool"; name: string; input: Json }
  | { kind: "error"; status: number; type: string; message: string; headers: Record<string, string> };

export const SESSION_TITLE = "E2E fake session title";

/** How long the slow answers take; the defaults suit a capture, tests pass small ones. */
export interface Timing { subMs: number; longMs: number; silentMs: number }
export const TIMING: Timing = { subMs: 60_000, longMs: 45_000, silentMs: 40_000 };

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

const option = (label: string, description: string) => ({ label, description });
const COLOUR = { question: "Which colour should the marker be?", header: "Colour", multiSelect: false, options: [option("Red", "A red marker"), option("Blue", "A blue marker")] };
const SIZE = { question: "How big should the marker be?", header: "Size", multiSelect: false, options: [option("Small", "One line"), option("Large", "A whole page")] };
const EXTRAS = { question: "Which extras should the marker get?", header: "Extras", multiSelect: true, options: [option("Border", "A frame around it"), option("Shadow", "A drop shadow"), option("Label", "Its name on top")] };
export const PLAN = "# E2E plan\n\n1. Create the marker file.\n2. Report back.";
// Taller than the pane: the plan's box scrolls off the top of the screen.
const LONG_PLAN = `# E2E long plan\n\n${Array.from({ length: 50 }, (_, i) => `${i + 1}. Step ${i + 1} of the plan.`).join("\n")}`;

const error = (status: number, type: string, message: string, headers: Record<string, string>): Decision => ({ kind: "error", status, type, message, headers });

/** The dialogs and failures an E2E_ keyword in the prompt scripts (the first that matches wins). */
function scripted(text: string, tools: Json[], toolCmd: string, timing: Timing): Decision | null {
  const has = (name: string) => tools.some((t) => t["name"] === name);
  const named = (re: RegExp) => tools.find((t) => re.test(String(t["name"])));
  // Claude Code calls its shell tool "Bash"; opencode (anthropic provider) calls it "bash".
  const bash = named(/^bash$/i);
  const path = /E2E_CMD=(\S+)/.exec(text)?.[1];
  // Factory's droid calls it "Execute" and wants a summary and a risk level with the command.
  const execute = named(/^Execute$/);
  if (text.includes("E2E_TOOL") && execute && !bash) {
    return { kind: "tool", name: "Execute", input: { summary: "Create the marker file", command: path ? `touch ${path}` : toolCmd, riskLevelReason: "E2E: creates one empty scratch file.", riskLevel: "medium" } };
  }
  if (text.includes("E2E_TOOL") && bash) return { kind: "tool", name: String(bash["name"]), input: { command: path ? `touch ${path}` : toolCmd, description: "Create marker file" } };
  const file = path ?? "e2e-note.txt";
  // Claude's file tools take snake_case keys, opencode's camelCase ones; extra keys are rejected.
  const write = named(/^write$/i);
  if (text.includes("E2E_WRITE") && write) {
    const input = write["name"] === "Write" ? { file_path: file, content: "old line\n" } : { filePath: file, content: "old line\n" };
    return { kind: "tool", name: String(write["name"]), input };
  }
  const edit = named(/^edit$/i);
  if (text.includes("E2E_EDIT") && edit) {
    const input = edit["name"] === "Edit"
      ? { file_path: file, old_string: "old line", new_string: "new line" }
      : { filePath: file, oldString: "old line", newString: "new line" };
    return { kind: "tool", name: String(edit["name"]), input };
  }
  const fetch = named(/^webfetch$/i);
  if (text.includes("E2E_FETCH") && fetch) {
    const input = fetch["name"] === "WebFetch" ? { url: "https://example.com/e2e", prompt: "Summarise the page" } : { url: "https://example.com/e2e", format: "text" };
    return { kind: "tool", name: String(fetch["name"]), input };
  }
  // The MCP server test/fixtures/bin/mcp-e2e.js: echo is a plain tool, ask sends an elicitation.
  const mcp = (tool: string) => named(new RegExp(`^mcp__.*__${tool}$`));
  // agentmux's own MCP server (agentmux mcp): E2E_MCP_LIST lists the sessions; E2E_MCP_SEND messages the pane of
  // E2E_TARGET=<pane>, E2E_MCP_WAIT waits for it to be waiting, E2E_MCP_READ reads its last turn from its transcript.
  if (text.includes("E2E_MCP_LIST") && mcp("list_sessions")) return { kind: "tool", name: String(mcp("list_sessions")?.["name"]), input: {} };
  const target = /E2E_TARGET=(\S+)/.exec(text)?.[1] ?? "";
  if (text.includes("E2E_MCP_WAIT") && mcp("wait_for_state")) return { kind: "tool", name: String(mcp("wait_for_state")?.["name"]), input: { target, state: "waiting", timeout: 60 } };
  if (text.includes("E2E_MCP_READ") && mcp("read_session")) return { kind: "tool", name: String(mcp("read_session")?.["name"]), input: { target, source: "transcript", turns: 1 } };
  if (text.includes("E2E_MCP_SEND") && mcp("send_message")) {
    return { kind: "tool", name: String(mcp("send_message")?.["name"]), input: { target, text: "E2E_SAY=hello back from the fake model" } };
  }
  if (text.includes("E2E_MCP") && mcp("echo")) return { kind: "tool", name: String(mcp("echo")?.["name"]), input: { text: "from the fake model" } };
  if (text.includes("E2E_ELICIT") && mcp("ask")) return { kind: "tool", name: String(mcp("ask")?.["name"]), input: { text: "pick one" } };
  if (text.includes("E2E_ASKMULTI") && has("AskUserQuestion")) return { kind: "tool", name: "AskUserQuestion", input: { questions: [EXTRAS] } };
  if (text.includes("E2E_ASK2") && has("AskUserQuestion")) return { kind: "tool", name: "AskUserQuestion", input: { questions: [COLOUR, SIZE] } };
  if (/E2E_ASK\b/.test(text) && has("AskUserQuestion")) return { kind: "tool", name: "AskUserQuestion", input: { questions: [COLOUR] } };
  // opencode's own question tool.
  if (/E2E_ASK\b/.test(text) && has("question")) return { kind: "tool", name: "question", input: { questions: [{ question: COLOUR.question, header: COLOUR.header, options: COLOUR.options }] } };
  if (text.includes("E2E_PLANLONG") && has("ExitPlanMode")) return { kind: "tool", name: "ExitPlanMode", input: { plan: LONG_PLAN } };
  if (text.includes("E2E_PLAN") && has("ExitPlanMode")) return { kind: "tool", name: "ExitPlanMode", input: { plan: PLAN } };
  if (text.includes("E2E_BGSH") && bash) return { kind: "tool", name: String(bash["name"]), input: { command: "sleep 75", description: "Sleep in the background", run_in_background: true } };
  const agent = tools.find((t) => t["name"] === "Task" || t["name"] === "Agent");
  if (text.includes("E2E_AGENTBG") && agent) return { kind: "tool", name: String(agent["name"]), input: { description: "Slow background helper", prompt: "E2E_SUBSLOW take your time", subagent_type: "general-purpose", run_in_background: true } };
  if (/E2E_AGENT\b/.test(text) && agent) return { kind: "tool", name: String(agent["name"]), input: { description: "Slow helper", prompt: "E2E_SUBSLOW take your time", subagent_type: "general-purpose" } };
  if (text.includes("E2E_SUBSLOW")) return { kind: "text", text: words(40), slow: true, ms: timing.subMs };
  if (text.includes("E2E_ERR500")) return error(500, "api_error", "E2E fake internal error", { "x-should-retry": "false" });
  if (text.includes("E2E_ERR")) return error(400, "invalid_request_error", "E2E fake bad request", { "x-should-retry": "false" });
  if (text.includes("E2E_RETRY429")) return error(429, "rate_limit_error", "E2E fake rate limit (retryable)", { "retry-after": "4" });
  if (text.includes("E2E_429")) {
    return error(429, "rate_limit_error", "E2E fake rate limit", {
      "retry-after": "1", "x-should-retry": "false", "anthropic-ratelimit-unified-status": "rejected",
      "anthropic-ratelimit-unified-reset": String(Math.floor(Date.now() / 1000) + 3600),
    });
  }
  if (text.includes("E2E_LONG")) return { kind: "text", text: words(80), slow: true, ms: timing.longMs };
  if (text.includes("E2E_SILENT")) return { kind: "text", text: "Finally, after a long silence, here is the answer.", silentMs: timing.silentMs };
  // E2E_SAY=<words up to the end of the line>: answered word for word (a ranking answer, say).
  if (/E2E_SAY=/.test(text)) return { kind: "text", text: /E2E_SAY=([^\n]*)/.exec(text)?.[1]?.trim() ?? "" };
  if (text.includes("E2E_PROSE")) return { kind: "text", text: "I looked at the project. Would you like me to create the marker file now?" };
  if (text.includes("E2E_LIST")) return { kind: "text", text: "The colours:\n\n1. Red\n2. Blue" };
  if (text.includes("E2E_SLOW")) return { kind: "text", text: SLOW_TEXT, slow: true };
  return null;
}

/**
 * E2E_RECALL: the MARK-<word> markers the earlier messages hold, in order, once each: a fork answers
 * with its parent's markers only when the conversation was inherited.
 */
export function recall(history: string): string {
  const marks = [...new Set(history.match(/MARK-[A-Za-z0-9]+/g) ?? [])];
  return `recall: ${marks.length > 0 ? marks.join(" ") : "nothing"}`;
}

/** Whether the last assistant turn wrote a file under plans/ (Claude's plan file in plan mode). */
function wrotePlan(messages: Json[]): boolean {
  const assistant = [...messages].reverse().find((m) => m["role"] === "assistant");
  const content = Array.isArray(assistant?.["content"]) ? (assistant["content"] as unknown[]).filter(isObject) : [];
  const use = content.find((b) => b["type"] === "tool_use");
  return use?.["name"] === "Write" && /\/plans\//.test(JSON.stringify(use["input"] ?? {}));
}

/**
 * Choose the reply from the last non-system message of a request (pure). An E2E_ keyword in the
 * last text block wins over a tool result: Claude merges a rejected tool result and the next prompt
 * into one user message.
 */
export function decide(body: Json, toolCmd = "touch e2e-marker", timing: Timing = TIMING): Decision {
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
  // Claude (and kilo) add <system-reminder> / <environment_details> blocks: only the typed text counts.
  const typed = blocks.filter((b) => b["type"] === "text" && !/^\s*<(system-reminder|environment_details)>/.test(String(b["text"])));
  const text = typed.length > 0 ? String(typed[typed.length - 1]?.["text"]) : textOf(last["content"]);
  const result = blocks.find((b) => b["type"] === "tool_result");
  // E2E_PLAN2, second step: the plan file is written, now ask to leave plan mode (Claude reads the plan from the file).
  if (result && wrotePlan(messages)) return { kind: "tool", name: "ExitPlanMode", input: {} };
  if (text.includes("E2E_PLAN2")) {
    const planFile = /(\/[^\s"\\]*\/plans\/[\w-]+\.md)/.exec(JSON.stringify(body))?.[1];
    if (planFile) return { kind: "tool", name: "Write", input: { file_path: planFile, content: `${text.includes("E2E_PLANLONG") ? LONG_PLAN : PLAN}\n` } };
  }
  if (text.includes("E2E_RECALL")) return { kind: "text", text: recall(JSON.stringify(messages.slice(0, -1))) };
  if (result && !text.includes("E2E_")) {
    const output = typeof result["content"] === "string" ? result["content"] : textOf(result["content"]);
    return { kind: "text", text: `Tool finished: ${result["is_error"] ? "(error) " : ""}${output.slice(0, 200)}` };
  }
  return scripted(text, tools, toolCmd, timing) ?? { kind: "text", text: HELLO };
}
