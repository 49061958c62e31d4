import { sendText } from "../session/send.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import type { CaptureKey, CapturedEntry } from "./format.ts";
import { captureKey, entryId, loadCapture, pendingEntries, updateCapture } from "./store.ts";

/** How insert chooses: the entry with this id (or a unique prefix), the first, or ask (undefined: cancelled). */
export type Choice =
  | { kind: "id"; id: string }
  | { kind: "first" }
  | { kind: "ask"; ask: (entries: CapturedEntry[]) => Promise<CapturedEntry | undefined> };

/** Pure: the pending entry an id (or its unique prefix) names. */
export function entryById(entries: readonly CapturedEntry[], id: string): CapturedEntry {
  const exact = entries.find((e) => entryId(e) === id);
  const matches = exact ? [exact] : entries.filter((e) => entryId(e).startsWith(id.toLowerCase()));
  if (matches.length === 1 && matches[0]) return matches[0];
  throw new AgentmuxError(matches.length === 0 ? `no captured prompt ${id} pending` : `captured prompt id ${id} is ambiguous (${matches.length} match)`, {
    hint: "see the ids with agentmux prompt list",
  });
}

export interface InsertRequest {
  session: CaptureKey & { name: string; pane: string };
  choice: Choice;
  stateDir?: string;
}

/**
 * Insert a captured prompt: choose a pending entry, type its body into the session's input line
 * without submitting it, and only then remove it from the capture file (a failed typing keeps it).
 * undefined: the question was cancelled, nothing typed.
 */
export async function insertPrompt(tmux: Tmux, request: InsertRequest): Promise<CapturedEntry | undefined> {
  const key = captureKey(request.session);
  const pending = pendingEntries(loadCapture(key, request.stateDir));
  if (pending.length === 0) {
    throw new AgentmuxError(`${request.session.name} has no captured prompts`, { hint: `capture one with agentmux prompt capture ${request.session.pane}` });
  }
  const { choice } = request;
  const entry = choice.kind === "id" ? entryById(pending, choice.id)
    : choice.kind === "first" || pending.length === 1 ? pending[0] as CapturedEntry
    : await choice.ask(pending);
  if (!entry) return undefined;
  await sendText(tmux, request.session.pane, entry.body, { enter: false });
  const id = entryId(entry);
  updateCapture(key, (entries) => {
    const at = entries.findIndex((e) => entryId(e) === id);
    return { entries: at < 0 ? entries : [...entries.slice(0, at), ...entries.slice(at + 1)], result: undefined };
  }, { stateDir: request.stateDir });
  return entry;
}
