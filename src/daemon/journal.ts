import { appendFileSync } from "node:fs";
import { basename } from "node:path";
import type { SpooledEvent } from "./spool.ts";

function append(entry: Record<string, unknown>): void {
  const file = process.env["AGENTMUX_EVENT_LOG"];
  if (!file) return;
  try {
    appendFileSync(file, `${JSON.stringify(entry)}\n`);
  } catch { /* debugging aid only */ }
}

/**
 * With AGENTMUX_EVENT_LOG set, every ingested event is appended there (for tests and debugging):
 * `at` when it was sent, `took` when the daemon took it (ms).
 */
export function journal(event: SpooledEvent, result: string, reason?: string, took = Date.now()): void {
  const truncated = event.payload["agentmux_truncated"] === true ? { truncated: true } : {};
  append({ file: basename(event.file), pane: event.pane, event: event.event, at: event.at, took, seq: event.payload["seq"], result, ...(reason ? { reason } : {}), ...truncated });
}

/** A spool file dropped before it became an event (unreadable, no header, never completed). */
export function journalDropped(file: string, pane: string, event: string, reason: string): void {
  append({ file: basename(file), pane, event, result: "dropped", reason });
}
