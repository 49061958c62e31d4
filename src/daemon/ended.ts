import { exitedFile, recordExited } from "../session/exited.ts";
import type { DaemonLayout } from "./places.ts";
import type { Logger } from "./log.ts";
import type { Tracked } from "./tracked.ts";

/** Keep an ended session listed as exited, with its exit status, after its pane is gone. */
export function recordEnded(layout: DaemonLayout, serverId: string, t: Tracked, log: Logger): void {
  const r = t.record;
  const status = t.exitStatus ?? (r.deadStatus !== "" && Number.isFinite(Number(r.deadStatus)) ? Number(r.deadStatus) : null);
  try {
    recordExited(exitedFile(layout.stateDir, layout.key), serverId, {
      pane: t.pane, backend: t.backend, account: r.account, dir: r.dir, instance: r.instance, id: t.id, label: r.label,
      group: r.group, startedAt: Number(r.started) || null, endedAt: Date.now(), exitStatus: status, how: t.killed ? "killed" : "exited",
    });
  } catch (error) {
    log(`could not record ${t.pane} as exited: ${(error as Error).message}`);
  }
}
