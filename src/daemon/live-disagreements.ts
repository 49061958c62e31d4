import type { LiveStatus } from "../backends/shared/types.ts";

/**
 * The log of disagreements between a session's state as its hooks made it and the CLI's own live
 * report (Claude's `claude agents --json`): note() answers a line the first time a session's pair
 * differs, and null while it stays the same or they agree, so each disagreement is logged once per
 * episode (again only after they agreed or the pair changed). `agrees` is the backend's
 * liveAgrees.
 */
export class LiveDisagreements {
  private readonly last = new Map<string, string>();

  note(session: string, hooks: string, live: LiveStatus, source: string, agrees: (state: string, live: LiveStatus) => boolean): string | null {
    if (agrees(hooks, live)) {
      this.last.delete(session);
      return null;
    }
    const says = `${live.status}${live.waitingFor ? ` (${live.waitingFor})` : ""}`;
    const line = `${session}: hooks say ${hooks}, ${source} says ${says}`;
    if (this.last.get(session) === line) return null;
    this.last.set(session, line);
    return line;
  }

  forget(session: string): void {
    this.last.delete(session);
  }
}
