import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { registryFile } from "../session/restore-registry.ts";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { isJsonObject } from "../util/json.ts";
import { withFileLock } from "../util/lock-file.ts";
import { places } from "../util/paths.ts";
import { readStateFile, type ReadStateOptions } from "../util/state-file.ts";
import { which } from "../util/which.ts";
import { isDirectory } from "./patterns.ts";

type Env = Record<string, string | undefined>;

interface Started { dir: string; at: number }

const KEEP = 200;

/** Where agentmux remembers the directories it started sessions in (newest first, the last KEEP). */
export function startedFile(stateDir: string): string {
  return join(stateDir, "started-directories.json");
}

/**
 * I/O: remember that a session started in dir now (launchSession calls it). It never fails the
 * launch: a file it cannot write only leaves the directory out of the known source.
 */
export function rememberStarted(stateDir: string, dir: string, now = Date.now()): void {
  const file = startedFile(stateDir);
  try {
    withFileLock(file, () => {
      // A file it cannot read is kept aside and reported before it is replaced, like every state file.
      const kept = startedIn(file, { keepAside: true }).filter((s) => s.dir !== dir).sort((a, b) => b.at - a.at);
      const sessions = [{ dir, started: now }, ...kept.map((s) => ({ dir: s.dir, started: s.at }))].slice(0, KEEP);
      writeFileAtomic(file, `${JSON.stringify({ sessions }, null, 1)}\n`, 0o600);
    }, { waitMs: 1000 });
  } catch {
    // best effort
  }
}

function sessionsOf(value: unknown): unknown[] {
  if (!isJsonObject(value)) return [];
  if (Array.isArray(value["servers"])) return value["servers"].flatMap((s) => (isJsonObject(s) && Array.isArray(s["sessions"]) ? s["sessions"] : []));
  return Array.isArray(value["sessions"]) ? value["sessions"] : [];
}

/** The directories a state file records; a corrupt file is warned about unless it is another part's (the registry, the exited lists). */
function startedIn(file: string, options: ReadStateOptions = { silent: true, keepAside: false }): Started[] {
  const read = readStateFile(file, options);
  if (read.kind !== "ok") return [];
  return sessionsOf(read.value).flatMap((s) => {
    if (!isJsonObject(s) || typeof s["dir"] !== "string" || s["dir"] === "") return [];
    const at = Number(s["started"] ?? s["startedAt"] ?? s["endedAt"]) || 0;
    return [{ dir: s["dir"], at }];
  });
}

/**
 * I/O: the directories agentmux has started sessions in, most recent first: the ones it remembered
 * at launch, the restore registry (the live sessions of every server) and the exited-session lists.
 */
export function startedDirectories(stateDir: string): string[] {
  let exited: string[] = [];
  try {
    exited = readdirSync(stateDir).filter((name) => /^exited-.*\.json$/.test(name)).map((name) => join(stateDir, name));
  } catch {
    // no state yet
  }
  const own = startedIn(startedFile(stateDir), {});
  const all = [...own, ...[registryFile(stateDir), ...exited].flatMap((f) => startedIn(f))].sort((a, b) => b.at - a.at);
  return [...new Set(all.map((s) => s.dir))];
}

/** I/O: zoxide's directories (`zoxide query -l`, highest score first) when zoxide is on PATH; none otherwise. */
export function zoxideDirectories(env: Env = process.env): string[] {
  const program = which("zoxide", env["PATH"] ?? "");
  if (!program) return [];
  const run = spawnSync(program, ["query", "-l"], { encoding: "utf8", timeout: 3000, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "ignore"] });
  if (run.status !== 0 || typeof run.stdout !== "string") return [];
  return run.stdout.split("\n").filter((line) => line.startsWith("/"));
}

/** I/O: the `known` source: where agentmux started sessions (most recent first), then zoxide's list; directories that no longer exist are passed over. */
export function knownDirectories(env: Env = process.env): string[] {
  const dirs = [...startedDirectories(places(env).stateDir), ...zoxideDirectories(env)];
  return [...new Set(dirs)].filter(isDirectory);
}
