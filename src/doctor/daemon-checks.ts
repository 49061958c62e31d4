import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fail, ok, warn, type Finding } from "./finding.ts";

/** What `daemon status` answers, as far as the doctor reads it. */
export interface DaemonStatus {
  running: boolean;
  pid?: number;
  version?: string;
  sessions: Array<{ pane: string; backend: string; state: string; hookable?: boolean; hooked?: boolean; turned?: boolean }>;
}

/** More files than this in the spool, or one older than SPOOL_OLD_MS, is a backlog (the daemon drains it every second). */
export const SPOOL_BACKLOG = 200;
export const SPOOL_OLD_MS = 30_000;
/** How many of the spool's files are looked at for their age. */
const SPOOL_LOOKED = 2000;

/** The daemon: running, and of this agentmux's version (an older one keeps running an older protocol). */
export function daemonFinding(status: DaemonStatus, version: string): Finding {
  if (!status.running) return fail("daemon", "the daemon of this tmux server is not running: no state is tracked and hooks pile up in the spool", "agentmux daemon start (the plugin starts it with tmux; agentmux daemon logs says why it stopped)");
  if (status.version !== version) return warn("daemon", `pid ${status.pid ?? "?"} runs version ${status.version ?? "unknown (older)"}, this agentmux is ${version}`, "agentmux daemon stop && agentmux daemon start, so the daemon runs this version");
  return ok("daemon", `running, pid ${status.pid ?? "?"}, version ${version}, ${status.sessions.length} session(s)`);
}

/** Hooks that never arrive: a session whose CLI reports through hooks had a turn, and no hook event came. */
export function hooksFinding(status: DaemonStatus): Finding {
  if (!status.running) return warn("hooks", "not checked: the daemon is not running", "start the daemon, then run agentmux doctor again");
  const live = status.sessions.filter((s) => s.hookable && s.state !== "exited");
  const silent = live.filter((s) => s.turned && !s.hooked);
  if (silent.length > 0) {
    const names = silent.map((s) => `${s.pane} (${s.backend})`).join(", ");
    return fail("hooks", `no hook event has arrived from ${names}, though a turn ran: its state comes from the screen alone`, `agentmux restart ${silent[0]?.pane ?? "PANE"} writes the hooks where the CLI reads them; agentmux explain ${silent[0]?.pane ?? "PANE"} shows what the daemon saw`);
  }
  const heard = live.filter((s) => s.hooked).length;
  return ok("hooks", live.length === 0 ? "no live session reports through hooks" : `${heard} of ${live.length} session(s) with hooks heard from (the others have had no turn yet)`);
}

/** The spool: events written by hooks that the daemon has not taken yet, and events it refused. */
export function spoolFinding(dir: string, now = Date.now()): Finding {
  let names: string[];
  try { names = readdirSync(dir); } catch { return ok("spool", "empty (no spool directory yet)"); }
  let oldest = now;
  let files = 0;
  for (const name of names.slice(0, SPOOL_LOOKED)) {
    try {
      const st = lstatSync(join(dir, name));
      if (!st.isFile()) continue;
      files++;
      oldest = Math.min(oldest, st.mtimeMs);
    } catch { /* taken meanwhile */ }
  }
  let rejected = 0;
  try { rejected = readdirSync(join(dir, "rejected")).length; } catch { /* none */ }
  const age = Math.round((now - oldest) / 1000);
  const refused = rejected > 0 ? `; ${rejected} event file(s) refused and kept in ${join(dir, "rejected")}` : "";
  if (files > SPOOL_BACKLOG || (files > 0 && now - oldest > SPOOL_OLD_MS)) {
    return warn("spool", `${names.length} file(s) wait in ${dir}, the oldest ${age} s old${refused}`, "the daemon is behind or stuck: agentmux daemon logs shows what it does; agentmux daemon stop && agentmux daemon start takes them again");
  }
  if (rejected > 0) return warn("spool", `${files} waiting${refused}`, "agentmux daemon logs names why each was refused");
  return ok("spool", files === 0 ? "empty" : `${files} event(s) being taken`);
}

/** Files that outlived their session: the daemon logs each as "leak:". */
export function leaksFinding(log: string): Finding {
  const leaks = log.split("\n").filter((l) => l.includes(" leak: "));
  if (leaks.length === 0) return ok("leaks", "none logged");
  return warn("leaks", `${leaks.length} logged, the last: ${leaks[leaks.length - 1]?.trim() ?? ""}`, "a file outlived its session (the daemon removed it): report the log line with agentmux daemon logs");
}
