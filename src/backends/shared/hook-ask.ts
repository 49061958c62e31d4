import type { AskKind } from "../../core/ask.ts";
import { isJsonObject } from "../../util/json.ts";
import { stringField } from "./hook-meaning.ts";
import { mainArgument, toolLine } from "./tool-line.ts";

type Payload = Record<string, unknown>;

/**
 * What one hook payload tells of what a session asks or said: a tool waiting (its permission,
 * a question's text and options, a plan's first lines), the finished turn's answer, or that the
 * tool it asked about has run. The daemon keeps the latest per session (src/daemon/ask-material.ts).
 */
export type HookAsk =
  | { kind: Exclude<AskKind, "answer" | "dialog" | "trust">; summary: string; text: string[]; options: string[]; weak?: true }
  | { kind: "answer"; summary: string; text: string[]; options: [] }
  | { kind: "done" };

/** At most this many lines of a plan or an answer. */
export const MAX_LINES = 6;
const MAX_LINE = 200;

/** One line, cut by character (never half an emoji). */
export function clip(text: string, max = MAX_LINE): string {
  const flat = text.replace(/\s+/gu, " ").trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join("")}…`;
}

/** The first non-empty lines of a text, markdown headings and list marks left as written, each clipped. */
export function firstLines(text: string, max = MAX_LINES): string[] {
  return text.split(/\r?\n/u).map((l) => l.trim()).filter((l) => l !== "").slice(0, max).map((l) => clip(l));
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** AskUserQuestion's input: every question (with its header), and the first question's option labels. */
function questions(input: unknown): { text: string[]; options: string[] } | null {
  const list = isJsonObject(input) ? input["questions"] : undefined;
  if (!Array.isArray(list) || list.length === 0) return null;
  const items = list.filter(isJsonObject);
  const text = items.map((q) => clip(str(q["question"]))).filter((q) => q !== "");
  const first = items[0];
  const options = Array.isArray(first?.["options"]) ? (first["options"] as unknown[]).map((o) => clip(isJsonObject(o) ? str(o["label"]) : str(o))).filter((o) => o !== "") : [];
  return text.length > 0 ? { text, options } : null;
}

/** A tool call waiting for the user: a question, a plan, or a permission for the tool. */
function toolAsk(tool: string, input: unknown): HookAsk {
  if (tool === "AskUserQuestion") {
    const q = questions(input);
    if (q) return { kind: "question", summary: q.text.length > 1 ? `${q.text[0]} (+${q.text.length - 1} more)` : (q.text[0] ?? ""), text: q.text, options: q.options };
  }
  if (tool === "ExitPlanMode") {
    const plan = firstLines(isJsonObject(input) ? str(input["plan"]) : "");
    const head = (plan[0] ?? "").replace(/^#+\s*/u, "");
    return { kind: "plan", summary: head ? `Plan: ${head}` : "Approve the plan", text: plan, options: [] };
  }
  const line = clip(toolLine(tool, input));
  const description = isJsonObject(input) ? clip(str(input["description"])) : "";
  const text = [line, ...(description && description !== clip(mainArgument(input)) ? [description] : [])];
  return { kind: "permission", summary: line, text, options: [] };
}

/**
 * Pure: what a Claude-format hook payload (Claude, Codex, Gemini: tool_name and tool_input) tells.
 * PreToolUse / PermissionRequest (Gemini's BeforeTool) name the tool a permission would be for;
 * PostToolUse (a tool_response) says it ran; Stop's last_assistant_message (Gemini's AfterAgent
 * prompt_response) is the answer; a Notification's words are kept as weak text (a permission
 * prompt's or an elicitation's message), used only when nothing better is known. null: nothing.
 */
export function hookAsk(event: string, payload: Payload): HookAsk | null {
  const tool = stringField(payload, "tool_name");
  if (tool && "tool_response" in payload) return { kind: "done" };
  if (tool) return toolAsk(tool, payload["tool_input"]);
  const answer = stringField(payload, "last_assistant_message") ?? stringField(payload, "prompt_response");
  if (answer !== undefined && /^(?:Stop|AfterAgent|SubagentStop)$/u.test(event)) {
    const text = firstLines(answer);
    return { kind: "answer", summary: text[0] ?? "", text, options: [] };
  }
  if (event === "Notification") {
    const details = isJsonObject(payload["details"]) ? payload["details"] : null;
    const command = details ? str(details["command"]) : "";
    const message = clip(stringField(payload, "message") ?? "");
    const type = stringField(payload, "notification_type") ?? "";
    // Gemini's tool confirmation names the command in its details.
    if (command) return { kind: "permission", summary: clip(command), text: [message, clip(command)].filter((l) => l !== ""), options: [] };
    if (!message) return null;
    const kind = /elicitation|question/iu.test(type) ? "question" : "permission";
    return /permission|elicitation|question/iu.test(type) ? { kind, summary: message, text: [message], options: [], weak: true } : null;
  }
  return null;
}
