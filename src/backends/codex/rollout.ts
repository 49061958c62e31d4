import { visitLines } from "../../util/head-lines.ts";
import { isJsonObject, parseJsonLine } from "../../util/json.ts";
import { readRegularFile } from "../../util/regular-file.ts";
import { LINEAGE_HEAD_BYTES } from "../shared/lineage-scan.ts";
import { parseTime, promptLine } from "../shared/history-text.ts";

// How many records a header reads at most looking for the first prompt.
const HEAD_RECORDS = 400;
/** The largest rollout read whole (answers, delivery checks); a larger one is not read. */
export const ROLLOUT_READ_MAX = 256 * 1024 * 1024;

type Record_ = Record<string, unknown>;

/** What a rollout's session_meta and first records say. */
export interface RolloutHead {
  /** The thread that owns the rollout (session_meta.id; one thread may own several rollouts). */
  id: string;
  parent: string | undefined;
  cwd: string;
  /** What started it: a client name, or (a subagent thread) an object. */
  source: unknown;
  startedAt: number | null;
  firstPrompt: string;
  /** The rollout whose history this one continues (a fork's parent, a reverted thread's earlier rollout): its thread and where that history ends. */
  base?: { thread: string; endByte: number | null } | undefined;
}

const parse = parseJsonLine;

const payloadOf = (record: Record_ | null): Record_ | null => (record && isJsonObject(record["payload"]) ? record["payload"] : null);

// Codex hands the model its context as user messages of its own (the environment, AGENTS.md): not prompts.
const INJECTED = /^\s*(<environment_context>|<user_instructions>|<INSTRUCTIONS>|# AGENTS\.md instructions|<permissions instructions>|<user_shell_command>|<turn_aborted>)/u;

/** The text blocks of an item_completed event's item of the given type, joined (Codex 0.171: UserMessage, AgentMessage). */
function itemEventText(p: Record_ | null, itemType: string): string | null {
  const item = p?.["type"] === "item_completed" && isJsonObject(p["item"]) ? p["item"] : null;
  if (item?.["type"] !== itemType || !Array.isArray(item["content"])) return null;
  const texts = item["content"].flatMap((b) => (isJsonObject(b) && typeof b["text"] === "string" && String(b["type"]).toLowerCase() === "text" ? [b["text"]] : []));
  return texts.length > 0 ? texts.join("\n") : null;
}

/** The text a user typed, from an event: user_message, or an item_completed UserMessage (else null). */
function eventPrompt(record: Record_ | null): string | null {
  const p = payloadOf(record);
  if (record?.["type"] !== "event_msg") return null;
  const text = p?.["type"] === "user_message" && typeof p["message"] === "string" ? p["message"] : itemEventText(p, "UserMessage");
  return text === null || INJECTED.test(text) ? null : text;
}

/** The text of a response_item message of role, its blocks of the given type joined; null for another record. */
function itemText(record: Record_ | null, role: string, blockType: string): string | null {
  const p = payloadOf(record);
  if (record?.["type"] !== "response_item" || p?.["type"] !== "message" || p["role"] !== role || !Array.isArray(p["content"])) return null;
  const texts = p["content"].flatMap((b) => (isJsonObject(b) && b["type"] === blockType && typeof b["text"] === "string" ? [b["text"]] : []));
  return texts.length > 0 ? texts.join("\n") : null;
}

/** A user's prompt in a record: an event_msg user_message, else a response_item user message that is not injected context. */
export function userText(record: Record_ | null): string | null {
  const event = eventPrompt(record);
  if (event !== null) return event;
  const item = itemText(record, "user", "input_text");
  return item !== null && !INJECTED.test(item) ? item : null;
}

/** An answer in a record: an event_msg agent_message's text, or a response_item assistant message's output_text. */
export function agentText(record: Record_ | null): { text: string; event: boolean } | null {
  const p = payloadOf(record);
  if (record?.["type"] === "event_msg" && p?.["type"] === "agent_message" && typeof p["message"] === "string") return { text: p["message"], event: true };
  const completed = record?.["type"] === "event_msg" ? itemEventText(p, "AgentMessage") : null;
  if (completed !== null) return { text: completed, event: true };
  const item = itemText(record, "assistant", "output_text");
  return item === null ? null : { text: item, event: false };
}

/** The head of a rollout: its session_meta (the first line, read whole however long), then records up to the first prompt; undefined without a session_meta. */
export function readRolloutHead(file: string): RolloutHead | undefined {
  let head: RolloutHead | undefined;
  let count = 0;
  let fallback: string | null = null;
  let prompt: string | null = null;
  visitLines(file, LINEAGE_HEAD_BYTES, (line) => {
    count++;
    const record = parse(line);
    if (count === 1) {
      const p = payloadOf(record);
      if (record?.["type"] !== "session_meta" || !p || typeof p["id"] !== "string" || typeof p["cwd"] !== "string") return false;
      const parent = typeof p["forked_from_id"] === "string" && p["forked_from_id"] !== "" ? p["forked_from_id"] : undefined;
      const base = isJsonObject(p["history_base"]) && typeof p["history_base"]["thread_id"] === "string" ? p["history_base"] : null;
      head = { id: p["id"], parent, cwd: p["cwd"], source: p["source"], startedAt: parseTime(p["timestamp"]) ?? parseTime(record["timestamp"]), firstPrompt: "" };
      if (base) head.base = { thread: String(base["thread_id"]), endByte: typeof base["end_byte_offset"] === "number" ? base["end_byte_offset"] : null };
      return true;
    }
    prompt = eventPrompt(record);
    if (fallback === null) {
      const item = itemText(record, "user", "input_text");
      if (item !== null && !INJECTED.test(item)) fallback = item;
    }
    return prompt === null && count < HEAD_RECORDS;
  });
  if (head) head.firstPrompt = promptLine(prompt ?? fallback ?? "");
  return head;
}

/** Every record of a rollout (its first endByte bytes when given), in order; null when it is larger than ROLLOUT_READ_MAX or cannot be read. */
export function readRolloutRecords(file: string, endByte: number | null = null): Record_[] | null {
  let bytes: Buffer;
  try {
    bytes = readRegularFile(file, { maxBytes: ROLLOUT_READ_MAX });
  } catch {
    return null;
  }
  const text = (endByte === null ? bytes : bytes.subarray(0, endByte)).toString("utf8");
  return text.split("\n").flatMap((line) => {
    const record = line === "" ? null : parse(line);
    return record ? [record] : [];
  });
}
