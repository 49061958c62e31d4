import { isJsonObject, parseJsonLine } from "../../util/json.ts";
import { parseTime } from "../shared/history-text.ts";
import { toolLine } from "../shared/tool-line.ts";
import type { ConversationTurn } from "../shared/types.ts";
import { agentText, userText } from "./rollout.ts";

/** A tool call's input: function_call arguments are a JSON string (an object when they parse). */
function callInput(payload: Record<string, unknown>): unknown {
  const args = payload["arguments"];
  if (typeof args === "string") return parseJsonLine(args) ?? args;
  if (payload["input"] !== undefined) return payload["input"];
  return isJsonObject(payload["action"]) ? payload["action"] : args;
}

/** The one line of a response_item that is a tool call (function_call, custom_tool_call, local_shell_call, web_search_call); null otherwise. */
function toolCall(payload: Record<string, unknown>): string | null {
  const type = payload["type"];
  if (type === "function_call" || type === "custom_tool_call") return toolLine(typeof payload["name"] === "string" ? payload["name"] : String(type), callInput(payload));
  if (type === "local_shell_call") return toolLine("shell", callInput(payload));
  if (type === "web_search_call") return toolLine("web_search", callInput(payload));
  return null;
}

/**
 * Pure: the turns of a rollout's records, in order, read from its response_items (the model's own
 * input and output, which every Codex version writes; the event_msg records repeat them): the
 * user's prompts (not the context Codex injects), the assistant's messages, each tool call as one
 * line. Tool outputs, reasoning and developer messages are left out.
 */
export function rolloutTurns(records: readonly Record<string, unknown>[]): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  for (const record of records) {
    const payload = record["payload"];
    if (record["type"] !== "response_item" || !isJsonObject(payload)) continue;
    const at = parseTime(record["timestamp"]);
    const user = userText(record);
    if (user !== null) {
      if (user.trim() !== "") turns.push({ role: "user", text: user, at });
      continue;
    }
    const answer = agentText(record);
    if (answer !== null) {
      if (answer.text.trim() !== "") turns.push({ role: "assistant", text: answer.text, at });
      continue;
    }
    const tool = toolCall(payload);
    if (tool !== null) turns.push({ role: "tool", text: tool, at });
  }
  return turns;
}
