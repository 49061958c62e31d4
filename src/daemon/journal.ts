import { appendFileSync } from "node:fs";
import { basename } from "node:path";
import type { SpooledEvent } from "./spool.ts";

/** With AGENTMUX_EVENT_LOG set, every ingested event is appended there (for tests and debugging). */
export function journal(event: SpooledEvent, result: string): void {
  const file = process.env["AGENTMUX_EVENT_LOG"];
  if (!file) return;
  try {
    appendFileSync(file, `${JSON.stringify({ file: basename(event.file), pane: event.pane, event: event.event, at: event.at, seq: event.payload["seq"], result })}\n`);
  } catch { /* debugging aid only */ }
}
