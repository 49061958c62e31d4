import { dirname, join } from "node:path";
import { daemonSocketPath, ensureRuntimeRoot, places, serverKey } from "../util/paths.ts";
import { makePrivateDir, ownPrivateFile, tightenOwnDir } from "../util/private-dir.ts";

/** Every file of the daemon of one tmux server (all keyed by the server's socket path). */
export interface DaemonLayout {
  tmuxSocket: string;
  key: string;
  dir: string;
  socket: string;
  pidFile: string;
  spool: string;
  mirror: string;
  status: string;
  log: string;
  stateDir: string;
}

export function daemonLayout(tmuxSocket: string, env: Record<string, string | undefined> = process.env): DaemonLayout {
  const socket = daemonSocketPath(tmuxSocket, env);
  const dir = dirname(socket);
  const key = serverKey(tmuxSocket);
  const stateDir = places(env).stateDir;
  return {
    tmuxSocket, key, dir, socket,
    pidFile: join(dir, "daemon.pid"),
    spool: join(dir, "spool"),
    mirror: join(dir, "mirror"),
    status: join(dir, "status"),
    log: join(stateDir, "logs", `daemon-${key}.log`),
    stateDir,
  };
}

/**
 * Create the runtime directories (0700) so hooks can spool before the daemon ever runs; refuse any
 * of them that is not the user's own and 0700. The state directory and its logs are 0700, the
 * daemon's log 0600: they hold notification texts, which quote the commands agents ask to run.
 */
export function ensureLayout(layout: DaemonLayout, env: Record<string, string | undefined> = process.env): void {
  ensureRuntimeRoot(env);
  for (const d of [layout.dir, layout.spool, layout.mirror, layout.status]) makePrivateDir(d);
  tightenOwnDir(layout.stateDir);
  tightenOwnDir(dirname(layout.log));
  ownPrivateFile(layout.log);
}
