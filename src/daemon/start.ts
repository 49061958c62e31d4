import { spawn } from "node:child_process";
import { existsSync, openSync, readFileSync, closeSync } from "node:fs";
import { join } from "node:path";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { installDir } from "../util/install-dir.ts";
import { sleep } from "../util/sleep.ts";
import { lockHolder } from "../util/life-lock.ts";
import { daemonLayout, ensureLayout, type DaemonLayout } from "./places.ts";
import { socketAlive } from "./socket-server.ts";

/**
 * V8's young generation for the daemon: at most 4 MB per semi-space (Node's default grows to 16).
 * Start-up (one 2.6 MB bundle, twelve manifests compiled) and a burst of new sessions grow a
 * default young generation that is never given back; capped, the daemon with 200 sessions holds
 * about 101 MB resident instead of 135 (bench P7). 2 MB saved only 1 MB more and, in one run each,
 * left P8's storm a larger backlog (more scavenges while events pour in).
 */
const DAEMON_NODE_FLAGS = ["--max-semi-space-size=4"];

/** How `daemon run` exits when another daemon of the same tmux server holds the lock. */
export const ANOTHER_DAEMON_EXIT = EXIT.anotherDaemon;

export async function layoutFor(tmux: Tmux): Promise<DaemonLayout> {
  return daemonLayout(await tmux.socketPath());
}

/** How long a starting daemon may take to answer (a loaded machine can take many seconds). */
export function startWaitMs(env: Record<string, string | undefined> = process.env): number {
  const ms = Number(env["AGENTMUX_DAEMON_START_WAIT_MS"]);
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 600_000) : 30_000;
}

/** The last line of the daemon's log: why it stopped, when it did. */
function lastLogLine(log: string): string {
  try {
    return readFileSync(log, "utf8").trimEnd().split("\n").pop()?.replace(/^\S+Z /, "") ?? "";
  } catch {
    return "";
  }
}

/**
 * Start the daemon of this tmux server unless one answers already; answers its layout. Ready means
 * its socket answers (it listens last, once everything is set up). Failure is reported as it is:
 * the process exited (with its log's last line), or it still runs but has not answered yet.
 */
export async function ensureDaemon(tmux: Tmux): Promise<{ layout: DaemonLayout; started: boolean }> {
  const layout = await layoutFor(tmux);
  if (await socketAlive(layout.socket)) return { layout, started: false };
  ensureLayout(layout);
  const main = join(installDir(), "dist", "cli", "main.js");
  if (!existsSync(main)) throw new AgentmuxError(`${main} is missing`, { hint: "build agentmux first: npm run build" });
  const env = { ...process.env };
  delete env["TMUX"];
  delete env["TMUX_PANE"];
  const log = openSync(layout.log, "a");
  const child = spawn(process.execPath, [...DAEMON_NODE_FLAGS, main, "-S", layout.tmuxSocket, "daemon", "run"], { detached: true, stdio: ["ignore", log, log], env });
  child.unref();
  closeSync(log);
  const waitMs = startWaitMs();
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (await socketAlive(layout.socket)) return { layout, started: daemonPid(layout) === child.pid };
    // One that found another daemon starting leaves it to serve: wait for that one's socket.
    const leftToAnother = child.exitCode === ANOTHER_DAEMON_EXIT;
    if (!leftToAnother && (child.exitCode !== null || child.signalCode !== null)) break;
    if (Date.now() >= deadline) {
      throw new AgentmuxError(`the agentmux daemon is still starting (pid ${child.pid ?? "?"}): its socket has not answered within ${Math.round(waitMs / 1000)} s`, {
        hint: `see ${layout.log}; agentmux daemon status says when it runs`, exitCode: EXIT.timeout,
      });
    }
    await sleep(50);
  }
  // Another daemon may have answered first (two commands started one at once): that one serves.
  if (await socketAlive(layout.socket)) return { layout, started: false };
  const why = lastLogLine(layout.log);
  throw new AgentmuxError(`the agentmux daemon exited at start (${child.exitCode !== null ? `exit code ${child.exitCode}` : `signal ${child.signalCode ?? "?"}`})${why ? `: ${why}` : ""}`, { hint: `see ${layout.log}` });
}

/** The running daemon's pid: the holder of its life lock (the pid file). */
export function daemonPid(layout: DaemonLayout): number | null {
  return lockHolder(layout.pidFile);
}
