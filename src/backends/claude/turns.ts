import { isJsonObject } from "../../util/json.ts";
import { parseTime } from "../shared/history-text.ts";
import { toolLine } from "../shared/tool-line.ts";
import type { ConversationTurn } from "../shared/types.ts";
import { userPromptText } from "./transcript.ts";

// What Claude Code records as a user message but nobody typed: a slash command's echo and output,
// the caveat before local output, reminders, an interruption's note.
const NOT_TYPED = /^\s*(<command-name>|<command-message>|<command-args>|<local-command-stdout>|<local-command-stderr>|<local-command-caveat>|<system-reminder>|Caveat: The messages below were generated|\[Request interrupted by user)/u;

/**
 * Pure: the turns of a transcript's records, in order: what the user typed, the assistant's text,
 * and each tool call as one line (`Bash: ls -la`). Tool results, thinking, sidechains (subagents)
 * and meta records are left out; an assistant message Claude Code wrote as several records (one
 * per content block) is one turn.
 */
export function transcriptTurns(records: readonly Record<string, unknown>[]): ConversationTurn[] {
  const turns: ConversationTurn[] = [];
  let lastMessage: unknown = undefined;
  for (const record of records) {
    const at = parseTime(record["timestamp"]);
    const user = userPromptText(record);
    if (user !== null) {
      lastMessage = undefined;
      if (!NOT_TYPED.test(user) && user.trim() !== "") turns.push({ role: "user", text: user, at });
      continue;
    }
    if (record["type"] !== "assistant" || record["isSidechain"] === true || !isJsonObject(record["message"])) continue;
    const message = record["message"];
    const content = typeof message["content"] === "string" ? [{ type: "text", text: message["content"] }] : message["content"];
    if (!Array.isArray(content)) continue;
    const id = message["id"];
    for (const block of content) {
      if (!isJsonObject(block)) continue;
      if (block["type"] === "text" && typeof block["text"] === "string" && block["text"].trim() !== "") {
        const previous = turns.at(-1);
        // The same message continued in the next record: one turn.
        if (previous?.role === "assistant" && id !== undefined && id === lastMessage) previous.text = `${previous.text}\n${block["text"]}`;
        else turns.push({ role: "assistant", text: block["text"], at });
      } else if (block["type"] === "tool_use" && typeof block["name"] === "string") {
        turns.push({ role: "tool", text: toolLine(block["name"], block["input"]), at });
      }
    }
    lastMessage = id;
  }
  return turns;
}
