import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { isJsonObject } from "../util/json.ts";
import { readStateFile } from "../util/state-file.ts";
import { places, serverKey } from "../util/paths.ts";
import type { Tmux } from "../tmux/tmux.ts";

/**
 * One notification the daemon gave: about which pane (and which process in it, by its token's
 * hash), the session's display name as `list` shows it, the state it was in, why (a cause's
 * `why`, "watch", "command-failed", "failover"), the text told, when, and whether the user has
 * since seen it (looked at the pane, or the session stopped needing them).
 */
export interface Notice {
  pane: string;
  tokenHash: string;
  name: string;
  backend: string;
  state: string;
  reason: string;
  text: string;
  at: number;
  seen: boolean;
}

interface NoticesFile { server: string; notices: Notice[] }

/** How many notifications the record keeps (the newest). */
export const KEEP_NOTICES = 50;

/** The record of one tmux server's notifications (the daemon writes it, `next` reads it). */
export function noticesFile(stateDir: string, key: string): string {
  return join(stateDir, `notified-${key}.json`);
}

const isNotice = (v: unknown): v is Notice => isJsonObject(v) && typeof v["pane"] === "string" && typeof v["at"] === "number" && typeof v["seen"] === "boolean";
const isNoticesFile = (v: unknown): v is NoticesFile => isJsonObject(v) && typeof v["server"] === "string" && Array.isArray(v["notices"]);

/**
 * The notifications recorded for this server instance (serverId; undefined: whichever server
 * wrote them, the caller matches panes by token). A missing or corrupt file records none.
 */
export function readNotices(file: string, serverId?: string, keepAside?: boolean): Notice[] {
  const read = readStateFile(file, { valid: isNoticesFile, ...(keepAside ? { keepAside } : {}) });
  if (read.kind !== "ok" || !isNoticesFile(read.value)) return [];
  if (serverId !== undefined && read.value.server !== serverId) return [];
  return read.value.notices.filter(isNotice);
}

/**
 * The record of the server tmux talks to, read without the daemon (none when the server cannot
 * say where it is). socket: the server's socket path when the caller knows it (a key binding's
 * $TMUX names it), which spares asking tmux.
 */
export async function loadNotices(tmux: Tmux, socket?: string): Promise<Notice[]> {
  socket ||= (await tmux.socketPath().catch(() => "")).split("\n")[0]?.trim() ?? "";
  return socket ? readNotices(noticesFile(places().stateDir, serverKey(socket))) : [];
}

/** Replace the record (atomically: a reader sees the old file or the new one, never half). */
export function writeNotices(file: string, serverId: string, notices: readonly Notice[]): void {
  writeFileAtomic(file, `${JSON.stringify({ server: serverId, notices: notices.slice(-KEEP_NOTICES) }, null, 1)}\n`, 0o600);
}

/** A live session as `next --notified` weighs it. */
export interface NoticeTarget { pane: string; tokenHash: string; snoozed: boolean }

/**
 * The session of the most recent unseen notification: still the same process in its pane (a pane
 * id reused by another session is not it), not snoozed, and not the pane the user is on (they see
 * it already). Null when there is none.
 */
export function latestUnseen<T extends NoticeTarget>(notices: readonly Notice[], live: readonly T[], current: string | undefined): { notice: Notice; session: T } | null {
  const byPane = new Map(live.map((s) => [s.pane, s]));
  for (const notice of [...notices].sort((a, b) => b.at - a.at)) {
    if (notice.seen || notice.pane === current) continue;
    const session = byPane.get(notice.pane);
    if (!session || session.snoozed || (notice.tokenHash && session.tokenHash !== notice.tokenHash)) continue;
    return { notice, session };
  }
  return null;
}
