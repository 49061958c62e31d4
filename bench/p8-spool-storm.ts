import { execa, type ResultPromise } from "execa";
import { cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { TestServer, ROOT } from "../test/helpers/tmux-server.ts";
import { fmt, verdict } from "./stats.ts";
import { environ } from "../src/util/proc.ts";
import { startBurners } from "./burners.ts";
import { cpuMs, daemonPid } from "./proc.ts";
import { tally, type JournalLine } from "./p8-tally.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");
// A Claude turn of events the forwarder always spools (tool events may be skipped by its mirror).
const CYCLE = ["UserPromptSubmit", "Notification", "SubagentStop", "Notification", "SubagentStop", "Notification", "SubagentStop", "Notification", "SubagentStop", "Stop"];

interface Pane { pane: string; env: Record<string, string> }
/** Later than this from send to apply is late: the old daemon took a file over after 2 s. */
const LATE_MS = 2000;

/** Load for P8: CPU burners per core, and the niceness of the generators (so the forwarders they run starve). */
export interface Load { burnersPerCore: number; nice: number }

/** One pane's storm: `count` events from seq `first`, each a real run of the sh forwarder, paced at `rate` a second. */
function storm(server: TestServer, p: Pane, first: number, count: number, rate: number, nice: number): ResultPromise {
  const script = `i=${first}; end=${first + count}; set -- ${CYCLE.join(" ")}
    while [ $i -lt $end ]; do
      e=$1; shift; set -- "$@" "$e"
      printf '{"session_id":"storm-%s","seq":%d,"hook_event_name":"%s","cwd":"/w","transcript_path":"/t/%s.jsonl","message":"%s"}' "$AGENTMUX_SESSION" $i "$e" "$AGENTMUX_SESSION" "${"x".repeat(400)}" | "${HOOK}" "$e"
      i=$((i + 1)); sleep ${(1 / rate).toFixed(3)}
    done`;
  return execa("nice", ["-n", String(nice), "sh", "-c", script], { env: { ...server.env, ...p.env }, extendEnv: false, reject: false });
}

/** Files in the spool: events, and (unless `eventsOnly`) the .reader files naming their writers. */
function spoolCount(spool: string, eventsOnly = false): number {
  try { return readdirSync(spool).filter((f) => f !== "rejected" && !(eventsOnly && f.endsWith(".reader"))).length; } catch { return 0; }
}

/** Files the daemon took over from their writers, from its log. */
function takenOver(home: string): number {
  const dir = join(home, "state", "logs");
  let names: string[] = [];
  try { names = readdirSync(dir); } catch { return 0; }
  return names.filter((n) => n.endsWith(".log")).reduce((n, f) => n + (readFileSync(join(dir, f), "utf8").match(/spool: took over /g)?.length ?? 0), 0);
}

/** Run every pane's storm at once; answer the events sent, the seconds taken and the largest backlog seen. */
async function run(server: TestServer, panes: Pane[], spool: string, first: number, count: number, rate: number, nice: number): Promise<{ sent: number; seconds: number; maxBacklog: number; end: number }> {
  let maxBacklog = 0;
  const sampler = setInterval(() => { maxBacklog = Math.max(maxBacklog, spoolCount(spool, true)); }, 50);
  const start = Date.now();
  await Promise.all(panes.map((p) => storm(server, p, first, count, rate, nice)));
  const end = Date.now();
  clearInterval(sampler);
  return { sent: panes.length * count, seconds: (end - start) / 1000, maxBacklog, end };
}

/** How long the drain after a storm is waited for: events still in the spool then count as lost. */
const DRAIN_LIMIT_MS = 600_000;

async function untilEmpty(spool: string, from: number, limitMs = DRAIN_LIMIT_MS): Promise<number> {
  while (spoolCount(spool) > 0 && Date.now() - from < limitMs) await new Promise((r) => setTimeout(r, 10));
  return (Date.now() - from) / 1000;
}

/**
 * P8: a hook-event storm, `panes` sessions each sending `rate` events a second for `seconds`
 * through the real forwarder. Baseline: the same storm for a sixth of the time with the daemon
 * stopped (what the machine generates without it), then the time the daemon takes to drain that
 * backlog. With `load`, CPU burners run throughout and the generators (so the forwarders) run
 * niced: writers starve for seconds, which must slow events down and never lose one. Target: 0
 * lost, refused, duplicated, reordered or taken over; backlog never above a few hundred files,
 * empty within 1 s of the storm's end.
 */
export async function benchSpoolStorm(panesWanted = 50, rate = 10, seconds = 60, load: Load = { burnersPerCore: 0, nice: 0 }): Promise<string[]> {
  const server = new TestServer();
  const journal = join(server.home, "events.jsonl");
  const env = { AGENTMUX_EVENT_LOG: journal };
  await server.start();
  let burners: ReturnType<typeof startBurners> | null = null;
  try {
    for (let i = 0; i < panesWanted; i++) {
      const r = await server.cli(["new", "--command", "sleep 3600", "--dir", server.work, "--instance", `s${i}`, "--detached"], { env });
      if (r.exitCode !== 0) throw new Error(String(r.stderr));
    }
    // Pane options hold only the token's hash: the token itself is in the pane process's environment.
    const ids = String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id} #{pane_pid} #{@agentmux-token-hash}"])).stdout).split("\n").map((l) => l.split(" ")).filter((f) => f[2]).map(([pane, pid]) => [pane, environ(Number(pid))["AGENTMUX_TOKEN"] ?? ""]);
    for (const [pane] of ids) await server.tmux(["set-option", "-p", "-t", pane ?? "", "@agentmux-backend", "claude"]);
    await server.cli(["daemon", "stop"]);
    const started = await server.cli(["daemon", "start"], { env });
    const status = JSON.parse(String((await server.cli(["daemon", "status", "--json"], { env })).stdout)) as { socket: string };
    const spool = join(status.socket, "..", "spool");
    const panes: Pane[] = ids.map(([pane, token]) => ({ pane: pane ?? "", env: { AGENTMUX_SESSION: pane ?? "", AGENTMUX_TOKEN: token ?? "", AGENTMUX_SOCK: status.socket } }));
    if (!/started/.test(String(started.stdout))) throw new Error(String(started.stderr));
    if (load.burnersPerCore > 0) burners = startBurners(load.burnersPerCore);

    // Baseline: the generator alone (daemon stopped), then the daemon catching up on that backlog.
    await server.cli(["daemon", "stop"]);
    const baseCount = Math.max(1, Math.round((rate * seconds) / 6));
    const base = await run(server, panes, spool, 0, baseCount, rate, load.nice);
    await new Promise((r) => setTimeout(r, 300)); // the last payloads renamed into place
    const backlog = spoolCount(spool, true);
    const catchUpStart = Date.now();
    // P8_PROFILE=DIR: a V8 CPU profile of the daemon from the storm's start until the spool is empty (bench/profile-preload.mjs).
    const profile = process.env["P8_PROFILE"];
    await server.cli(["daemon", "start"], { env: { ...env, ...(profile ? { NODE_OPTIONS: `--import ${pathToFileURL(join(ROOT, "bench", "profile-preload.mjs")).href}`, P3_PROFILE: profile } : {}) } });
    const catchUp = await untilEmpty(spool, catchUpStart);

    const count = rate * seconds;
    const pid = await daemonPid(server);
    if (profile) process.kill(pid, "SIGUSR2");
    // The daemon's CPU over the storm and its drain: a daemon far behind while using little CPU is
    // waiting on the spool directory (its lock, the disk), not short of processor time.
    const cpu0 = cpuMs(pid), cpuStart = Date.now();
    const storm = await run(server, panes, spool, baseCount, count, rate, load.nice);
    const toEmpty = await untilEmpty(spool, storm.end);
    const daemonCpu = { ms: cpuMs(pid) - cpu0, wallMs: Date.now() - cpuStart };
    if (profile) process.kill(pid, "SIGUSR2");
    const left = spoolCount(spool, true);
    await burners?.stop();
    burners = null;

    const lines = existsSync(journal) ? readFileSync(journal, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as JournalLine) : [];
    const t = tally(lines, panes.map((p) => p.pane), baseCount + count, LATE_MS, baseCount);
    const took = takenOver(server.home);
    // P8_KEEP=DIR keeps the journal and the daemon's logs for a look at what went wrong.
    const keep = process.env["P8_KEEP"];
    if (keep) {
      cpSync(join(server.home, "state"), join(keep, "state"), { recursive: true });
      if (existsSync(journal)) cpSync(journal, join(keep, "events.jsonl"));
    }
    await server.cli(["daemon", "stop"]);
    const reached = storm.sent / storm.seconds;
    const ok = t.lost === 0 && t.refused === 0 && t.duplicated === 0 && t.reordered === 0 && took === 0 && storm.maxBacklog <= 300 && toEmpty <= 1;
    const loaded = load.burnersPerCore > 0 ? `, loaded (${load.burnersPerCore} CPU burners a core, generators at nice ${load.nice})` : "";
    return [
      `P8 spool storm${loaded}, ${panes.length} panes x ${rate} events/s asked for ${seconds} s: ${storm.sent} events sent at ${fmt(reached)} events/s (${fmt(reached / panes.length)} per pane); lost ${t.lost} (applied without payload ${t.payloadLess}; still in the spool after ${DRAIN_LIMIT_MS / 1000} s ${left}), refused ${t.refused}, duplicated ${t.duplicated}, reordered ${t.reordered}, taken over ${took}; late (> ${LATE_MS / 1000} s from send to apply) ${t.late}, the slowest ${fmt(t.slowestMs)} ms; backlog at most ${storm.maxBacklog} files; empty ${fmt(toEmpty)} s after the storm's end (target: 0 lost/refused/duplicated/reordered/taken over, <= 300 files, <= 1 s: ${verdict(ok)})`,
      `   the daemon used ${fmt(daemonCpu.ms)} ms of CPU over the storm and its drain (${fmt(daemonCpu.wallMs / 1000)} s, ${fmt((100 * daemonCpu.ms) / Math.max(daemonCpu.wallMs, 1))} % of a core)`,
      `   baseline, the daemon stopped: the generator alone sent ${base.sent} events at ${fmt(base.sent / base.seconds)} events/s; the daemon then drained that backlog of ${backlog} files in ${fmt(catchUp)} s (${fmt(backlog / Math.max(catchUp, 0.001))} events/s, its start included)`,
    ];
  } finally {
    await burners?.stop();
    await server.stop();
  }
}
