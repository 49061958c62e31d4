import { visitLines } from "../../util/head-lines.ts";
import { isJsonObject, parseJsonLine } from "../../util/json.ts";
import { readRegularText } from "../../util/regular-file.ts";
import { LINEAGE_HEAD_BYTES } from "../shared/lineage-scan.ts";
import { parseTime, promptLine } from "../shared/history-text.ts";
import { inConversationOrder, parentsFirst } from "./record-order.ts";

// SDK forks name forkedFrom in their first records; the first line may be a title or a queued prompt.
const FORK_RECORDS = 10;
// How many records a header reads at most looking for the first prompt.
const HEAD_RECORDS = 200;
/** The largest transcript read whole (answers, delivery checks); a larger one is not read. */
export const TRANSCRIPT_READ_MAX = 256 * 1024 * 1024;

type Record_ = Record<string, unknown>;

/** What a transcript's first records say of it. */
export interface TranscriptHead {
  /** An SDK fork's forkedFrom.sessionId. */
  forkedFrom?: string | undefined;
  /** The uuid of the conversation's first message (parentUuid null). */
  root?: string | undefined;
  /** The transcript begins with records of its own newer than that first message: a copy of it (a `--fork-session` fork). */
  copied: boolean;
  /** The newest time of the records before the first message, else (not a copy) the first time recorded (ms epoch). */
  startedAt: number | null;
  /** The newest time of its own records (not messages) before the first message: when a copy was made; null when none carries a time. */
  ownStart: number | null;
  cwd?: string | undefined;
  firstPrompt: string;
}

/** The text a user typed in a record: a `type: "user"` record, not a sidechain, not meta, not a tool result; null otherwise. */
export function userPromptText(record: unknown): string | null {
  if (!isJsonObject(record) || record["type"] !== "user" || record["isSidechain"] === true || record["isMeta"] === true) return null;
  const message = record["message"];
  if (!isJsonObject(message)) return null;
  const content = message["content"];
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  if (content.some((b) => isJsonObject(b) && b["type"] === "tool_result")) return null;
  const texts = content.flatMap((b) => (isJsonObject(b) && b["type"] === "text" && typeof b["text"] === "string" ? [b["text"]] : []));
  return texts.length > 0 ? texts.join("\n") : null;
}

/** The text blocks of a `type: "assistant"` record that is not a sidechain, joined; null for another record or one without text. */
export function assistantText(record: unknown): string | null {
  if (!isJsonObject(record) || record["type"] !== "assistant" || record["isSidechain"] === true) return null;
  const message = record["message"];
  if (!isJsonObject(message)) return null;
  const content = message["content"];
  if (typeof content === "string") return content === "" ? null : content;
  if (!Array.isArray(content)) return null;
  const texts = content.flatMap((b) => (isJsonObject(b) && b["type"] === "text" && typeof b["text"] === "string" ? [b["text"]] : []));
  const text = texts.join("\n");
  return text === "" ? null : text;
}

const parse = parseJsonLine;

/** Read the head of a transcript (the first line whole however long, then up to HEAD_RECORDS records, within LINEAGE_HEAD_BYTES). */
export function readTranscriptHead(file: string): TranscriptHead {
  const head: TranscriptHead = { copied: false, startedAt: null, ownStart: null, firstPrompt: "" };
  let count = 0;
  let newest: number | null = null;
  let first: number | null = null;
  let prompt: string | null = null;
  visitLines(file, LINEAGE_HEAD_BYTES, (line) => {
    count++;
    const record = parse(line);
    if (record) {
      const from = record["forkedFrom"];
      if (count <= FORK_RECORDS && head.forkedFrom === undefined && isJsonObject(from) && typeof from["sessionId"] === "string" && from["sessionId"] !== "") {
        head.forkedFrom = from["sessionId"];
      }
      if (head.cwd === undefined && typeof record["cwd"] === "string") head.cwd = record["cwd"];
      const at = parseTime(record["timestamp"]);
      if (first === null && at !== null) first = at;
      if (head.root === undefined) {
        if (typeof record["uuid"] === "string" && record["parentUuid"] === null) {
          head.root = record["uuid"];
          // A copy has a record of its own before the first message, newer than it. A mode record
          // alone says nothing: a session started with a permission mode writes one first too.
          head.copied = at !== null && newest !== null && newest > at;
        } else if (typeof record["parentUuid"] !== "string") {
          // A message record before the first message is one written out of order, not the copy's own.
          if (at !== null && (newest === null || at > newest)) newest = at;
        }
      }
      prompt ??= userPromptText(record);
    }
    return count < HEAD_RECORDS && (prompt === null || head.root === undefined || head.cwd === undefined);
  });
  // A copy's first time recorded is its parent's: only its own records before the copy tell.
  head.startedAt = head.copied ? newest : (newest ?? first);
  head.ownStart = newest;
  head.firstPrompt = prompt === null ? "" : promptLine(prompt);
  return head;
}

/** The message records of a transcript in conversation order, as uuid and time, read within maxBytes (a fork's copy of its parent is matched on them). */
export function readMessageIds(file: string, maxBytes = LINEAGE_HEAD_BYTES): { uuid: string; at: number | null }[] {
  const ids: { uuid: string; at: number | null; parent: string | undefined }[] = [];
  visitLines(file, maxBytes, (line) => {
    // Cheap: only records that name a uuid are parsed.
    if (!line.includes("\"uuid\"")) return true;
    const record = parse(line);
    const parent = record?.["parentUuid"];
    if (record && typeof record["uuid"] === "string") ids.push({ uuid: record["uuid"], at: parseTime(record["timestamp"]), parent: typeof parent === "string" ? parent : undefined });
    return true;
  });
  return parentsFirst(ids, (m) => m.uuid, (m) => m.parent).map(({ uuid, at }) => ({ uuid, at }));
}

/** Every record of a transcript, in conversation order (record-order.ts); null when it is larger than TRANSCRIPT_READ_MAX or cannot be read. */
export function readRecords(file: string): Record_[] | null {
  let text: string;
  try {
    text = readRegularText(file, { maxBytes: TRANSCRIPT_READ_MAX });
  } catch {
    return null;
  }
  return inConversationOrder(text.split("\n").flatMap((line) => {
    const record = line === "" ? null : parse(line);
    return record ? [record] : [];
  }));
}
