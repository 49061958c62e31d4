import type { Config } from "../config/config.ts";
import { request } from "../daemon/client.ts";
import type { DaemonLayout } from "../daemon/places.ts";
import { socketAlive } from "../daemon/socket-server.ts";
import { loadManifests } from "../detect/load.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { MIN_TMUX } from "../tmux/version.ts";
import { installDir } from "../util/install-dir.ts";
import { readTail } from "../util/regular-file.ts";
import { VERSION } from "../util/version.ts";
import { configFinding, exposureFinding, manifestsFinding } from "./config-checks.ts";
import { BACKEND_NAMES, BACKENDS } from "../backends/index.ts";
import { daemonFinding, hooksFinding, leaksFinding, spoolFinding, type DaemonStatus } from "./daemon-checks.ts";
import { fail, ok, type Finding } from "./finding.ts";
import { keysFinding, segmentFinding } from "./tmux-checks.ts";

type Env = Record<string, string | undefined>;

export interface DoctorDeps {
  tmux: Tmux;
  /** The daemon's files for this tmux server; null: no server runs (the checks that need one say so). */
  layout: DaemonLayout | null;
  loadConfig: () => Config;
  env?: Env;
  now?: number;
}

/** How much of the daemon's log is read for leaks: its end. */
const LOG_TAIL = 256 * 1024;

/** The end of the daemon's log ("" when there is none or it is no regular file). */
function logTail(file: string): string {
  try { return readTail(file, LOG_TAIL); } catch { return ""; }
}

async function daemonStatus(layout: DaemonLayout): Promise<DaemonStatus> {
  if (!(await socketAlive(layout.socket))) return { running: false, sessions: [] };
  const answer = await request(layout.socket, { op: "status" }, 3000).catch(() => null);
  if (!answer?.ok) return { running: false, sessions: [] };
  return { running: true, pid: answer["pid"] as number, version: answer["version"] as string | undefined, sessions: (answer["sessions"] as DaemonStatus["sessions"] | undefined) ?? [] };
}

/** Each CLI's own checks (backends/*: Codex's trust of agentmux's hooks). */
const backendFindings = (env: Env): Finding[] => BACKEND_NAMES.flatMap((name) => BACKENDS[name].doctorChecks?.(env) ?? []);

export async function tmuxFinding(tmux: Tmux): Promise<Finding> {
  try {
    const v = await tmux.version();
    return ok("tmux", `${v.raw} (agentmux needs ${MIN_TMUX.major}.${MIN_TMUX.minor} or newer)`);
  } catch (error) {
    return fail("tmux", (error as Error).message, (error as { hint?: string }).hint ?? `install tmux ${MIN_TMUX.major}.${MIN_TMUX.minor} or newer`);
  }
}

/**
 * Every check of `agentmux doctor`, in the order a user would fix things: tmux, the config and
 * manifests, the daemon and what reaches it, tmux's side of the plugin, each CLI's own checks, the phone page. Each check reads only; none asks or writes.
 */
export async function runDoctor(deps: DoctorDeps): Promise<Finding[]> {
  const env = deps.env ?? process.env;
  const now = deps.now ?? Date.now();
  let config: Config | null = null;
  const configured = configFinding(() => (config = deps.loadConfig()));
  const manifests = loadManifests({ env });
  const root = installDir();
  const first = [await tmuxFinding(deps.tmux), configured, manifestsFinding(manifests.problems, manifests.manifests.length)];
  const layout = deps.layout;
  if (!layout) {
    return [...first, fail("tmux server", "no tmux server runs here, so neither the daemon, the status segment nor the keys can be checked", "start tmux (the plugin line in ~/.tmux.conf starts the daemon with it), then run agentmux doctor inside it"), ...backendFindings(env), exposureFinding(config)];
  }
  const status = await daemonStatus(layout);
  return [
    ...first,
    daemonFinding(status, VERSION),
    spoolFinding(layout.spool, now),
    hooksFinding(status),
    leaksFinding(logTail(layout.log)),
    await segmentFinding(deps.tmux, root),
    await keysFinding(deps.tmux, root),
    ...backendFindings(env),
    exposureFinding(config),
  ];
}
