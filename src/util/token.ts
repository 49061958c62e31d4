import { createHash } from "node:crypto";

/**
 * What other panes may see of a session's per-process token: its sha256 (first 32 hex digits).
 * The process holds the token itself (AGENTMUX_TOKEN); the daemon checks an event by hashing the
 * token it carries, so reading the pane options is not enough to forge one.
 */
export function tokenHash(token: string): string {
  return token === "" ? "" : createHash("sha256").update(token).digest("hex").slice(0, 32);
}
