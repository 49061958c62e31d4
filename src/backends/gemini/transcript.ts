import { isAbsolute } from "node:path";
import { isJsonObject, parseJsonLine, type JsonObject } from "../../util/json.ts";
import { MiB, readTail } from "../../util/regular-file.ts";

/** How much of a chat file's end is read for a turn's answer (the daemon reads it once a turn). */
export const GEMINI_CHAT_TAIL = 2 * MiB;

/** The text of a recorded message: a string, or the text of its parts. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((p) => (isJsonObject(p) && typeof p["text"] === "string" ? p["text"] : "")).filter(Boolean).join("\n");
}

/**
 * The last answer Gemini recorded in a chat's records, "" when none. The chat file (Gemini CLI's
 * ChatRecordingService) is JSON lines: a metadata line, then messages `{id, type, content}` where a
 * later line of the same id replaces the message, `{$set}` lines of metadata and `{$rewindTo: id}`,
 * which drops that message and every one after it. An older chat is one JSON object with `messages`.
 */
export function lastGeminiAnswer(text: string): string {
  const whole = text.trimStart().startsWith("{") && !text.includes("\n{") ? parseJsonLine(text) : null;
  const records: JsonObject[] = whole && Array.isArray(whole["messages"]) ? whole["messages"].filter(isJsonObject) : text.split("\n").map(parseJsonLine).filter((r): r is JsonObject => r !== null);
  const messages: JsonObject[] = [];
  for (const record of records) {
    const rewind = record["$rewindTo"];
    if (typeof rewind === "string") {
      // A rewind to a message before what was read drops all that was read.
      const at = messages.findIndex((m) => m["id"] === rewind);
      messages.length = Math.max(at, 0);
      continue;
    }
    if (typeof record["id"] !== "string" || typeof record["type"] !== "string") continue;
    const at = messages.findIndex((m) => m["id"] === record["id"]);
    if (at >= 0) messages[at] = record; else messages.push(record);
  }
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.["type"] === "user") return "";
    const said = m?.["type"] === "gemini" ? textOf(m["content"]).trim() : "";
    if (said) return said;
  }
  return "";
}

/**
 * I/O: the turn's answer as Gemini recorded it, for its AfterAgent event. The event's own
 * prompt_response is not to be trusted: Gemini joins the streamed chunks of a turn with spaces
 * (a word cut between two chunks gets one inside it) and repeats them after the whole text. The chat
 * file is the one the payload names (transcript_path: absolute, a .json or .jsonl under a chats
 * directory), read only when regular (never through a symlink), its last GEMINI_CHAT_TAIL bytes.
 * null: not known that way.
 */
export function geminiRecordedAnswer(event: string, payload: Record<string, unknown>): string | null {
  if (event !== "AfterAgent") return null;
  const file = payload["transcript_path"];
  if (typeof file !== "string" || !isAbsolute(file) || !/\/chats\/[^/]+\.jsonl?$/u.test(file)) return null;
  try {
    return lastGeminiAnswer(readTail(file, GEMINI_CHAT_TAIL, { follow: false })) || null;
  } catch {
    return null;
  }
}
