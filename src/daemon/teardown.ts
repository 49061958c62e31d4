import { readdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import type { DaemonLayout } from "./places.ts";
import type { Logger } from "./log.ts";
import { isPaneId } from "../tmux/pane-id.ts";

/**
 * Per-session cleanup with a single owner: resources register here and run exactly once when
 * the session ends, whether the pane died first or the process exited first. Files that outlive
 * their session are leaks: reported by name, then removed.
 */
export class Teardown {
  private readonly resources = new Map<string, Array<{ name: string; cleanup: () => void }>>();
  private readonly done = new Set<string>();

  constructor(private readonly log: Logger) {}

  register(pane: string, name: string, cleanup: () => void): void {
    this.done.delete(pane);
    const list = this.resources.get(pane) ?? [];
    list.push({ name, cleanup });
    this.resources.set(pane, list);
  }

  run(pane: string, why: string): number {
    if (this.done.has(pane)) return 0;
    this.done.add(pane);
    const list = this.resources.get(pane) ?? [];
    this.resources.delete(pane);
    for (const r of list) {
      try { r.cleanup(); } catch (error) { this.log(`teardown of ${r.name} for ${pane} failed: ${(error as Error).message}`); }
    }
    this.log(`teardown ${pane} (${why}): ${list.map((r) => r.name).join(", ") || "nothing"}`);
    return list.length;
  }

  private swept = false;

  /**
   * Report (and remove) per-session files whose session is gone. The first sweep finds what an
   * earlier daemon left (it was killed, or its tmux server died): removed and logged, but not a
   * leak. After that a file outliving its session is a lifecycle bug, logged as `leak:`.
   */
  checkLeaks(layout: DaemonLayout, live: Set<string>): string[] {
    const leaks: string[] = [];
    const scan = (dir: string, paneOf: (name: string) => string | undefined, what: string) => {
      let names: string[] = [];
      try { names = readdirSync(dir); } catch { return; }
      for (const name of names) {
        const pane = paneOf(name);
        if (!pane || live.has(pane)) continue;
        leaks.push(`${what} ${join(dir, name)}`);
        try { unlinkSync(join(dir, name)); } catch { /* gone */ }
      }
    };
    scan(layout.mirror, (n) => (isPaneId(n) ? n : undefined), "mirror file");
    // The status file is the agent's own writing (Claude runs its status line command): one it
    // wrote while its session was being torn down comes after the teardown. Removed, not a leak.
    const late: string[] = [];
    // A status file's temporary sibling (<file>.<pid>) is left when the agent's status line command
    // was killed with its pane between writing and renaming: not agentmux's to register either.
    scan(layout.status, (n) => {
      const pane = /^(%\d+)\./.exec(n)?.[1];
      const torn = /\.json\.\d+$/.test(n);
      if (pane && (this.done.has(pane) || torn) && !live.has(pane)) { late.push(join(layout.status, n)); return undefined; }
      return pane;
    }, "status file");
    for (const file of late) {
      try { unlinkSync(file); } catch { /* gone */ }
      this.log(`removed ${file}, written by its agent after its session's teardown (or left half-written)`);
    }
    if (!this.swept) {
      this.swept = true;
      if (leaks.length > 0) this.log(`removed ${leaks.length} file(s) an earlier daemon left: ${leaks.join(", ")}`);
      return [];
    }
    for (const leak of leaks) this.log(`leak: ${leak} outlived its session`);
    return leaks;
  }
}
