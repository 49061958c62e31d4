import { chmodSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { daemonSocketPath, places, serverKey } from "../util/paths.ts";

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

/** Create the runtime directories (0700) so hooks can spool before the daemon ever runs. */
export function ensureLayout(layout: DaemonLayout): void {
  mkdirSync(dirname(layout.dir), { recursive: true, mode: 0o700 });
  for (const d of [layout.dir, layout.spool, layout.mirror, layout.status]) {
    mkdirSync(d, { recursive: true, mode: 0o700 });
    chmodSync(d, 0o700);
  }
  mkdirSync(dirname(layout.log), { recursive: true });
}
