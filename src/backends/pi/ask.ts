import { clip, firstLines, hookAsk, type HookAsk } from "../shared/hook-ask.ts";
import { stringField } from "../shared/hook-meaning.ts";

type Payload = Record<string, unknown>;

/**
 * What the events of agentmux's Pi extension (etc/pi/agentmux.js) tell of what a session asks:
 * ui_dialog_open is an extension's dialog (select, confirm, input, editor), a permission when it
 * opened while a tool call waited (its tool_name and tool_input), else a question; its closing and
 * a tool's end mean it was answered; agent_end carries the answer.
 */
export function piAsk(event: string, payload: Payload): HookAsk | null {
  if (event === "ui_dialog_closed") return { kind: "done" };
  if (event === "ui_dialog_open") {
    const title = firstLines(stringField(payload, "title") ?? "");
    const message = firstLines(stringField(payload, "message") ?? "");
    const options = Array.isArray(payload["options"]) ? payload["options"].filter((o): o is string => typeof o === "string").map((o) => clip(o)) : [];
    const text = [...title, ...message];
    if (stringField(payload, "tool_name")) {
      const tool = hookAsk("PreToolUse", payload);
      if (tool && tool.kind === "permission") return { ...tool, text: text.length > 0 ? text : tool.text, options };
    }
    return { kind: "question", summary: text[0] ?? "a dialog", text, options };
  }
  if (event === "tool_execution_end") return { kind: "done" };
  if (event === "agent_end") {
    const text = firstLines(stringField(payload, "last_assistant_message") ?? "");
    return text.length > 0 ? { kind: "answer", summary: text[0] ?? "", text, options: [] } : null;
  }
  return null;
}
