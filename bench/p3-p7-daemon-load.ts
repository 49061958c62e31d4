import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { TestServer, FIXTURE_BIN, ROOT } from "../test/helpers/tmux-server.ts";
import { SETTLED_MS } from "../src/core/decide.ts";
import { daemonPid, rssMb, runMs, threadCpuMs, threadSpend } from "./proc.ts";
import { fmt, verdict } from "./stats.ts";

/**
 * How long after its start the daemon is left to take the panes in before the steady window: past
 * SETTLED_MS, until when every session found at start is still weighed each tick (its first words
 * are that young), a cost of the start, not of the steady state.
 */
const TAKE_IN_MS = SETTLED_MS + 5000;

/**
 * P3: the daemon's CPU with 50 agent panes (Codex screens, so every pane has a manifest to run),
 * 10 of them printing continuously, as % of one core over the steady window. Baseline: the tmux
 * server's own CPU over the same window. Taking the panes in (TAKE_IN_MS) and the window after it
 * (V8's warm-up) are start costs, printed apart. Target ≤ 2 %. Run again at 200 panes, 20 printing
 * (docs/hosts.md's scale: target ≤ 1 %).
 */
export async function benchDaemonCpu(seconds = 60, panes = 50, printing = 10, target = 2): Promise<string[]> {
  const server = new TestServer();
  await server.start();
  try {
    const screen = join(ROOT, "test", "fixtures", "real", "screens", "codex-idle.txt");
    for (let i = 0; i < panes; i++) {
      const prints = i < printing;
      // A printing pane writes a line every 50 ms from one process, as an agent streaming does (a
      // shell loop forking `sleep` 20 times a second in 20 panes loads the machine by itself).
      const command = prints
        ? `node -e 'setInterval(() => console.log("• line " + Math.floor(Math.random() * 32768) + " of steady output"), 50)'`
        : `${join(FIXTURE_BIN, "screen-agent")} ${screen}`;
      const r = await server.cli(["new", "--command", command, "--dir", server.work, "--instance", `p${i}`, "--detached"]);
      if (r.exitCode !== 0) throw new Error(String(r.stderr));
    }
    // Give every pane a manifest: tell the daemon they are Codex sessions.
    const made = String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id} #{@agentmux-backend}"])).stdout).split("\n").filter((l) => l.endsWith(" generic")).map((l) => l.split(" ")[0] ?? "");
    for (const p of made) await server.tmux(["set-option", "-p", "-t", p, "@agentmux-backend", "codex"]);
    await server.cli(["daemon", "stop"]);
    // P3_PROFILE=DIR: a V8 CPU profile of the daemon over the steady window is written there
    // (bench/profile-preload.mjs: a look at where the time goes).
    const profile = process.env["P3_PROFILE"];
    await server.cli(["daemon", "start"], profile ? { env: { NODE_OPTIONS: `--import ${pathToFileURL(join(ROOT, "bench", "profile-preload.mjs")).href}`, P3_PROFILE: profile } } : {});
    const pid = await daemonPid(server);
    const tmuxPid = Number(String((await server.tmux(["display-message", "-p", "#{pid}"])).stdout));
    // Taking the panes in (a first look at each: its screen read, its state written) is a cost of
    // its own, once per daemon start: measured apart, before the steady window.
    const taken0 = runMs(pid);
    await new Promise((r) => setTimeout(r, TAKE_IN_MS));
    const takeIn = runMs(pid) - taken0;
    // Two windows one after the other: the first minute after the take-in still holds V8's warm-up
    // (functions a 3 s timer calls turn hot only now: one run read 33 Turbofan compiles, about 130 ms
    // of a compiler thread, in it), a cost of the start like the take-in; the second is the steady
    // state the target is about. Both are printed.
    const windows: Array<{ daemonPct: number; tmuxPct: number; spent: string }> = [];
    for (let w = 0; w < 2; w++) {
      const last = w === 1;
      if (profile && last) process.kill(pid, "SIGUSR2");
      const d0 = runMs(pid), t0 = runMs(tmuxPid), threads0 = threadCpuMs(pid), start = Date.now();
      await new Promise((r) => setTimeout(r, seconds * 1000));
      const elapsed = Date.now() - start;
      if (profile && last) process.kill(pid, "SIGUSR2");
      windows.push({ daemonPct: ((runMs(pid) - d0) / elapsed) * 100, tmuxPct: ((runMs(tmuxPid) - t0) / elapsed) * 100, spent: threadSpend(threads0, threadCpuMs(pid)) });
    }
    await server.cli(["daemon", "stop"]);
    const [first, steady] = windows as [typeof windows[0], typeof windows[0]];
    const { daemonPct, tmuxPct } = steady;
    return [
      `P3 daemon CPU, ${panes} agent panes (${printing} printing): ${fmt(daemonPct)} % of a core over ${seconds} s, in the steady window (target <= ${target} %, ${verdict(daemonPct <= target)}); baseline tmux server ${fmt(tmuxPct)} %, so ${(daemonPct / Math.max(tmuxPct, 0.01)).toFixed(2)}x`,
      `P3 the ${seconds} s before it (the first after the take-in, V8 still compiling in it): ${fmt(first.daemonPct)} % of a core; baseline tmux server ${fmt(first.tmuxPct)} %`,
      `P3 where the daemon's time went (thread: user+system), steady window: ${steady.spent}; the one before: ${first.spent}`,
      `P3 taking the ${panes} panes in at daemon start: ${fmt(takeIn)} ms of CPU in its first ${TAKE_IN_MS / 1000} s (${fmt(takeIn / panes)} ms a pane)`,
    ];
  } finally {
    await server.stop();
  }
}

/** P7: the daemon's resident memory with 200 sessions. Baseline: the same daemon with none. Target ≤ 120 MB. */
export async function benchDaemonMemory(): Promise<string[]> {
  const server = new TestServer();
  await server.start();
  try {
    await server.cli(["daemon", "start"]);
    await new Promise((r) => setTimeout(r, 2000));
    const empty = rssMb(await daemonPid(server));
    for (let i = 0; i < 200; i++) {
      const r = await server.cli(["new", "--command", "sleep 3600", "--dir", server.work, "--instance", `m${i}`, "--detached"]);
      if (r.exitCode !== 0) throw new Error(String(r.stderr));
    }
    await new Promise((r) => setTimeout(r, 5000));
    const pid = await daemonPid(server);
    const full = rssMb(pid);
    const tracked = JSON.parse(String((await server.cli(["daemon", "status", "--json"])).stdout)) as { sessions: unknown[] };
    await server.cli(["daemon", "stop"]);
    return [`P7 daemon memory with ${tracked.sessions.length} sessions: ${fmt(full)} MB resident (target <= 120, ${verdict(full <= 120)}); baseline the daemon with none ${fmt(empty)} MB, so ${(full / empty).toFixed(2)}x`];
  } finally {
    await server.stop();
  }
}
