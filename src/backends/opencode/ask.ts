import { clip, hookAsk, type HookAsk } from "../shared/hook-ask.ts";
import { isJsonObject } from "../../util/json.ts";

type Payload = Record<string, unknown>;

/**
 * What opencode's bus events (forwarded by its plugin, see hook-events.ts) tell of what a session
 * asks: permission.asked names the permission and its patterns (a bash command in
 * metadata.command); permission.replied means it was answered; question.asked carries its
 * questions as AskUserQuestion does. session.idle carries no answer text of its own: agentmux's
 * plugin adds the turn's answer as last_assistant_message (etc/opencode/agentmux.js).
 */
export function opencodeAsk(event: string, payload: Payload): HookAsk | null {
  if (event === "permission-replied") return { kind: "done" };
  if (event === "permission-asked") {
    const permission = typeof payload["permission"] === "string" ? payload["permission"] : "permission";
    const metadata = isJsonObject(payload["metadata"]) ? payload["metadata"] : {};
    const patterns = Array.isArray(payload["patterns"]) ? payload["patterns"].filter((p): p is string => typeof p === "string") : [];
    const what = typeof metadata["command"] === "string" ? metadata["command"] : typeof metadata["filepath"] === "string" ? metadata["filepath"] : patterns.join(", ");
    const line = clip(what ? `${permission}: ${what}` : permission);
    return { kind: "permission", summary: line, text: [line], options: [] };
  }
  if (event === "question-asked") return hookAsk("PreToolUse", { tool_name: "AskUserQuestion", tool_input: payload });
  if (event === "session-idle") return hookAsk("Stop", payload);
  return null;
}
