import { spawn } from "node:child_process";
import { existsSync, openSync, readFileSync, closeSync } from "node:fs";
import { join } from "node:path";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { installDir } from "../util/install-dir.ts";
import { sleep } from "../util/sleep.ts";
import { daemonLayout, ensureLayout, type DaemonLayout } from "./layout.ts";
import { socketAlive } from "./socket-server.ts";

export async function layoutFor(tmux: Tmux): Promise<DaemonLayout> {
  return daemonLayout(await tmux.socketPath());
}

/** Start the daemon of this tmux server unless one answers already; answers its layout. */
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
  const child = spawn(process.execPath, [main, "-S", layout.tmuxSocket, "daemon", "run"], { detached: true, stdio: ["ignore", log, log], env });
  child.unref();
  closeSync(log);
  const deadline = Date.now() + 8000;
  while (Date.now() < deadline) {
    if (await socketAlive(layout.socket)) return { layout, started: true };
    if (child.exitCode !== null) break;
    await sleep(25);
  }
  throw new AgentmuxError("the agentmux daemon did not start", { hint: `see ${layout.log}` });
}

export function daemonPid(layout: DaemonLayout): number | null {
  try {
    const pid = Number(readFileSync(layout.pidFile, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
