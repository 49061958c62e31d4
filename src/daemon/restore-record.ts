import { recordServer, registryFile, type RestoreEntry } from "../session/restore-registry.ts";
import type { DaemonLayout } from "./places.ts";
import type { Tracked } from "./tracked.ts";

/** Pure: the tracked sessions worth restoring: running, native id known, not marked @agentmux-norestore. */
export function restoreEntries(tracked: Iterable<Tracked>): RestoreEntry[] {
  const entries: RestoreEntry[] = [];
  for (const t of tracked) {
    const r = t.record;
    if (!t.id || t.machine.state === "exited" || r.norestore === "1" || r.dead === "1" || r.exitStatus !== "") continue;
    entries.push({
      backend: t.backend, account: r.account, dir: r.dir || t.dir, instance: r.instance, id: t.id,
      label: r.label, group: r.group, started: Number(r.started) || null,
      ...(Object.keys(t.launch).length > 0 ? { launch: t.launch } : {}),
    });
  }
  return entries.sort((a, b) => (a.started ?? 0) - (b.started ?? 0) || a.id.localeCompare(b.id));
}

/** Write this server's restorable sessions to the registry (only when they changed). */
export function recordRestorable(layout: DaemonLayout, serverId: string, tracked: Iterable<Tracked>): void {
  if (!serverId) return;
  recordServer(registryFile(layout.stateDir), { socket: layout.tmuxSocket, server: serverId, sessions: restoreEntries(tracked) });
}
