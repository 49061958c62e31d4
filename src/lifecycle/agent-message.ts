import { randomBytes } from "node:crypto";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { sleep as realSleep } from "../util/sleep.ts";
import type { SessionRecords } from "./session-records.ts";

/** Who sends a message: an agentmux session (its display name and pane), or null for an agent outside agentmux. */
export type Sender = { name: string; pane: string } | null;

/** Text on one line, without control characters (a name goes into the header's one line). */
const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();

/** A fresh reference for one message: the header that carries it is what the delivery check looks for. */
export function messageRef(): string {
  return randomBytes(6).toString("hex");
}

/**
 * Pure: the header line put before a message from another agent: who sent it, that the user did
 * not type it, how to answer, and the message's reference. One line, so that the delivery check can
 * look for it whole in the recipient's records.
 */
export function agentHeader(sender: Sender, ref: string): string {
  const from = sender ? `the agent session "${oneLine(sender.name)}" (pane ${sender.pane})` : "an agent outside agentmux";
  const reply = sender ? `; to answer, run: agentmux send --from-agent ${sender.pane} TEXT` : "";
  return `[agentmux ${ref}] Message from another agent session, ${from}, sent with agentmux send --from-agent: the user did not type it${reply}.`;
}

/** Pure: the message as the recipient receives it: the header, an empty line, the text. */
export function withHeader(header: string, text: string): string {
  return `${header}\n\n${text}`;
}

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** I/O: poll the recipient's records until a user message holds `line`; false when timeoutMs passes first. */
export async function waitForRecord(records: Pick<SessionRecords, "history" | "id" | "place">, line: string, options: WaitOptions): Promise<boolean> {
  const { intervalMs = 250, sleep = realSleep, now = Date.now } = options;
  const deadline = now() + options.timeoutMs;
  for (;;) {
    if (records.history.hasUserText(records.id, records.place, line)) return true;
    if (now() >= deadline) return false;
    await sleep(Math.min(intervalMs, Math.max(0, deadline - now())));
  }
}

/** The error of a message the recipient's records never showed. */
export function unrecordedError(recipient: { name: string; pane: string }, label: string, seconds: number): AgentmuxError {
  return new AgentmuxError(`the message was typed into ${recipient.name} (${recipient.pane}), but its ${label} transcript never recorded it within ${seconds} s`, {
    hint: `see what it shows with agentmux read ${recipient.pane}; it may be busy with a dialog, or wait longer with --timeout SECONDS`,
    exitCode: EXIT.timeout,
  });
}
