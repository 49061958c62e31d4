import { execa, type ResultPromise } from "execa";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TestServer, ROOT } from "../test/helpers/tmux-server.ts";
import { fmt, verdict } from "./stats.ts";
import { environ } from "../src/util/proc.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");
// A Claude turn of events the forwarder always spools (tool events may be skipped by its mirror).
const CYCLE = ["UserPromptSubmit", "Notification", "SubagentStop", "Notification", "SubagentStop", "Notification", "SubagentStop", "Notification", "SubagentStop", "Stop"];

interface Pane { pane: string; env: Record<string, string> }
interface Line { pane: string; seq?: number; result: string }

/** One pane's storm: `count` events from seq `first`, each a real run of the sh forwarder, paced at `rate` a second. */
function storm(server: TestServer, p: Pane, first: number, count: number, rate: number): ResultPromise {
  const script = `i=${first}; end=${first + count}; set -- ${CYCLE.join(" ")}
    while [ $i -lt $end ]; do
      e=$1; shift; set -- "$@" "$e"
      printf '{"session_id":"storm-%s","seq":%d,"hook_event_name":"%s","cwd":"/w","transcript_path":"/t/%s.jsonl","message":"%s"}' "$AGENTMUX_SESSION" $i "$e" "$AGENTMUX_SESSION" "${"x".repeat(400)}" | "${HOOK}" "$e"
      i=$((i + 1)); sleep ${(1 / rate).toFixed(3)}
    done`;
  return execa("sh", ["-c", script], { env: { ...server.env, ...p.env }, extendEnv: false, reject: false });
}

function spoolCount(spool: string): number {
  try { return readdirSync(spool).filter((f) => f !== "rejected").length; } catch { return 0; }
}

/** Run every pane's storm at once; answer the events sent, the seconds taken and the largest backlog seen. */
async function run(server: TestServer, panes: Pane[], spool: string, first: number, count: number, rate: number): Promise<{ sent: number; seconds: number; maxBacklog: number; end: number }> {
  let maxBacklog = 0;
  const sampler = setInterval(() => { maxBacklog = Math.max(maxBacklog, spoolCount(spool)); }, 50);
  const start = Date.now();
  await Promise.all(panes.map((p) => storm(server, p, first, count, rate)));
  const end = Date.now();
  clearInterval(sampler);
  return { sent: panes.length * count, seconds: (end - start) / 1000, maxBacklog, end };
}

async function untilEmpty(spool: string, from: number, limitMs = 120_000): Promise<number> {
  while (spoolCount(spool) > 0 && Date.now() - from < limitMs) await new Promise((r) => setTimeout(r, 10));
  return (Date.now() - from) / 1000;
}

/**
 * P8: a hook-event storm, `panes` sessions each sending `rate` events a second for `seconds`
 * through the real forwarder. Baseline: the same storm for a sixth of the time with the daemon
 * stopped (what the machine generates without it), then the time the daemon takes to drain that
 * backlog. Target: 0 lost, order kept, no duplicates, backlog never above a few hundred files,
 * empty within 1 s of the storm's end.
 */
export async function benchSpoolStorm(panesWanted = 50, rate = 10, seconds = 60): Promise<string[]> {
  const server = new TestServer();
  const journal = join(server.home, "events.jsonl");
  const env = { AGENTMUX_EVENT_LOG: journal };
  await server.start();
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

    // Baseline: the generator alone (daemon stopped), then the daemon catching up on that backlog.
    await server.cli(["daemon", "stop"]);
    const baseCount = Math.max(1, Math.round((rate * seconds) / 6));
    const base = await run(server, panes, spool, 0, baseCount, rate);
    await new Promise((r) => setTimeout(r, 300)); // the last payloads renamed into place
    const backlog = spoolCount(spool);
    const catchUpStart = Date.now();
    await server.cli(["daemon", "start"], { env });
    const catchUp = await untilEmpty(spool, catchUpStart);

    const count = rate * seconds;
    const storm = await run(server, panes, spool, baseCount, count, rate);
    const toEmpty = await untilEmpty(spool, storm.end);

    const lines = existsSync(journal) ? readFileSync(journal, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Line) : [];
    let lost = 0, duplicates = 0, outOfOrder = 0, refused = 0;
    for (const p of panes) {
      const seqs = lines.filter((l) => l.pane === p.pane && typeof l.seq === "number").map((l) => l.seq as number);
      refused += lines.filter((l) => l.pane === p.pane && l.result === "dropped").length;
      const seen = new Set<number>();
      for (const [i, s] of seqs.entries()) {
        if (seen.has(s)) duplicates++;
        seen.add(s);
        if (i > 0 && s < (seqs[i - 1] ?? 0)) outOfOrder++;
      }
      for (let s = 0; s < baseCount + count; s++) if (!seen.has(s)) lost++;
    }
    await server.cli(["daemon", "stop"]);
    const reached = storm.sent / storm.seconds;
    const ok = lost === 0 && duplicates === 0 && outOfOrder === 0 && refused === 0 && storm.maxBacklog <= 300 && toEmpty <= 1;
    return [
      `P8 spool storm, ${panes.length} panes x ${rate} events/s asked for ${seconds} s: ${storm.sent} events sent at ${fmt(reached)} events/s (${fmt(reached / panes.length)} per pane); lost ${lost}, duplicates ${duplicates}, out of order ${outOfOrder}, refused ${refused}; backlog at most ${storm.maxBacklog} files; empty ${fmt(toEmpty)} s after the storm's end (target: 0/0/0, <= 300 files, <= 1 s: ${verdict(ok)})`,
      `   baseline, the daemon stopped: the generator alone sent ${base.sent} events at ${fmt(base.sent / base.seconds)} events/s; the daemon then drained that backlog of ${backlog} files in ${fmt(catchUp)} s (${fmt(backlog / Math.max(catchUp, 0.001))} events/s, its start included)`,
    ];
  } finally {
    await server.stop();
  }
}
