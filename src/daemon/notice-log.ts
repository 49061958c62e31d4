import { KEEP_NOTICES, readNotices, writeNotices, type Notice } from "../session/notices.ts";

const NEEDS_YOU = new Set(["blocked", "waiting"]);

/**
 * The daemon's short record of the notifications it gave (src/session/notices.ts): kept in
 * memory and written to the state file on every change, which `agentmux next` reads without
 * asking the daemon. A notification is seen once a client shows its pane, or once its session
 * left the blocked or waiting state it was told for.
 */
export class NoticeLog {
  private notices: Notice[] = [];
  private serverId = "";

  constructor(private readonly file: string, private readonly log: (line: string) => void) {}

  /** Take up the record this server's earlier daemon left (another server's is dropped). */
  load(serverId: string): void {
    this.serverId = serverId;
    this.notices = readNotices(this.file, serverId, true);
  }

  all(): readonly Notice[] { return this.notices; }

  /** Whether any notification is unseen (the focus check looks only then). */
  hasUnseen(): boolean { return this.notices.some((n) => !n.seen); }

  add(notice: Notice): void {
    this.notices = [...this.notices, notice].slice(-KEEP_NOTICES);
    this.save();
  }

  /** The user looks at the pane: its notifications are seen. */
  looked(pane: string): void {
    this.mark((n) => n.pane === pane);
  }

  /** A session's state changed: what was told for a blocked or waiting state it left is seen. */
  stateChanged(pane: string, state: string): void {
    if (NEEDS_YOU.has(state)) return;
    this.mark((n) => n.pane === pane && NEEDS_YOU.has(n.state));
  }

  private mark(which: (n: Notice) => boolean): void {
    let changed = false;
    this.notices = this.notices.map((n) => {
      if (n.seen || !which(n)) return n;
      changed = true;
      return { ...n, seen: true };
    });
    if (changed) this.save();
  }

  private save(): void {
    try {
      writeNotices(this.file, this.serverId, this.notices);
    } catch (error) {
      this.log(`could not write the notification record ${this.file}: ${(error as Error).message}`);
    }
  }
}
