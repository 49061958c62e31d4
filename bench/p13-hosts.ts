import { spawn, spawnSync } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ControlClient } from "../src/tmux/control.ts";
import { daemonLogLines, writeConfig } from "../test/helpers/config.ts";
import { DelayProxy } from "../test/helpers/delay-proxy.ts";
import { canHostSsh, SshHost } from "../test/helpers/ssh-host.ts";
import { CLI, ROOT, TestServer } from "../test/helpers/tmux-server.ts";
import { cpuMs, daemonPid, rssMb, runMs, threadCpuMs, threadSpend } from "./proc.ts";
import { fmt, median, percentile, verdict } from "./stats.ts";
import { timed, type Verb } from "./p9-key-verbs.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Wait until fn holds (polled every 5 ms), answering when, in ms since `start`; throws after 10 s. */
async function until(start: bigint, fn: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await fn()) return Number(process.hrtime.bigint() - start) / 1e6;
    if (Number(process.hrtime.bigint() - start) / 1e6 > 10_000) throw new Error("no change within 10 s");
    await sleep(5);
  }
}

/**
 * P13: a remote state change to this machine's status segment. The remote user's hook fires (as
 * that user, on its own machine); (a) its daemon's own state change is read on its tmux
 * (@agentmux-state, polled through a control connection), (b) this machine's @agentmux-status
 * showing the new count. b - a is the hop: the remote feed's push, ssh, the link, the segment.
 * Target: within one round trip + 100 ms. Measured over loopback, and over a link with 50 ms round trip.
 */
async function remoteToSegment(host: SshHost, rounds: number): Promise<string[]> {
  const made = await host.cli(["new", "--command", "sleep 3600", "--dir", host.home, "--instance", "p13", "--detached"]);
  const pane = String(made.stdout).trim();
  if (!/^%\d+$/.test(pane)) throw new Error(`remote new: ${String(made.stderr)}`);
  const uid = Number(spawnSync("id", ["-u", host.user], { encoding: "utf8" }).stdout.trim());
  const socket = `/tmp/tmux-${uid}/${host.socketName}`;
  const remote = new ControlClient({ server: { socketPath: socket } });
  await remote.connect();
  const panePid = (await remote.command(["display-message", "-p", "-t", pane, "#{pane_pid}"]))[0] ?? "";
  const environ = readFileSync(`/proc/${panePid}/environ`, "utf8").split("\0");
  const token = environ.find((e) => e.startsWith("AGENTMUX_TOKEN="))?.slice(15) ?? "";
  const sock = (JSON.parse(String((await host.cli(["daemon", "status", "--json"])).stdout)) as { socket: string }).socket;
  const hookEnv = [`AGENTMUX_SESSION=${pane}`, `AGENTMUX_TOKEN=${token}`, `AGENTMUX_SOCK=${sock}`, `TMUX=${socket},1,0`, `TMUX_PANE=${pane}`];
  const fire = (event: string) => new Promise<void>((resolve) => {
    const child = spawn("runuser", ["-u", host.user, "--", "env", ...hookEnv, HOOK, event], { stdio: ["pipe", "ignore", "ignore"] });
    child.on("close", () => resolve());
    child.stdin.end("{}");
  });
  const lines: string[] = [];
  const proxy = new DelayProxy(host.port, 25);
  await proxy.start();
  host.addAlias(`${host.alias}-p13slow`, proxy.port);
  try {
    for (const [label, alias, rtt] of [["loopback", host.alias, 0], ["50 ms round trip", `${host.alias}-p13slow`, 50]] as const) {
      const server = new TestServer({ AGENTMUX_SSH: host.sshWrapper() });
      writeConfig(server.home, { hosts: [{ name: "far", ssh: alias, agentmux: host.agentmux, socket: host.socketName }] });
      await server.start();
      try {
        await server.cli(["daemon", "start"]);
        const local = new ControlClient({ server: { socketName: server.name } });
        await local.connect();
        const segment = async () => (await local.command(["show-options", "-gqv", "@agentmux-status"]))[0] ?? "";
        const state = async () => (await remote.command(["display-message", "-p", "-t", pane, "#{@agentmux-state}"]))[0] ?? "";
        // Linked first: the rounds time changes over a link that is up, not its making.
        await server.waitFor("far reachable", async () => (JSON.parse(String((await server.cli(["hosts", "--json"])).stdout)) as Array<{ reachable: boolean }>)[0]?.reachable === true, 60_000);
        const hop: number[] = [];
        for (let i = 0; i < rounds; i++) {
          const [event, want, glyph] = i % 2 === 0 ? ["agentmux-working", "working", "◐1"] : ["agentmux-done", "waiting", "●1"];
          const start = process.hrtime.bigint();
          await fire(event);
          const there = await until(start, async () => (await state()) === want);
          const here = await until(start, async () => (await segment()).includes(glyph));
          hop.push(here - there);
          await sleep(150);
        }
        await local.close();
        const target = rtt + 100;
        lines.push(`P13 remote state change -> this machine's status segment, ${label}: after the remote daemon's own change p50 ${fmt(median(hop))} ms, p99 ${fmt(percentile(hop, 99))} ms (target <= one round trip + 100 ms = ${target} ms, ${verdict(percentile(hop, 99) <= target)})  [${rounds} changes]`);
        await server.cli(["daemon", "stop"]);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await remote.close();
    await proxy.stop();
  }
  return lines;
}

/** `list` with 3 hosts (their rows from the daemon's cache) against `list` with none: the same server, sessions, config file. */
async function listRatio(host: SshHost, runs: number): Promise<string[]> {
  const server = new TestServer({ AGENTMUX_SSH: host.sshWrapper() });
  await server.start();
  try {
    for (let i = 0; i < 5; i++) await server.cli(["new", "--command", "sleep 3600", "--dir", server.work, "--instance", `l${i}`, "--detached"]);
    writeConfig(server.home, { hosts: [] });
    await server.cli(["daemon", "start"]);
    const local: number[] = [];
    const remote: number[] = [];
    const three = [1, 2, 3].map((n) => ({ name: `far${n}`, ssh: host.alias, agentmux: host.agentmux, socket: host.socketName }));
    for (let i = 0; i < runs; i++) local.push(await timed(["node", CLI, "-L", server.name, "list"], server.env));
    writeConfig(server.home, { hosts: three });
    await server.waitFor("3 hosts reachable", async () => (JSON.parse(String((await server.cli(["hosts", "--json"])).stdout)) as Array<{ reachable: boolean }>).filter((h) => h.reachable).length === 3, 60_000)
      .catch(async (e: Error) => { throw new Error(`${e.message}: ${String((await server.cli(["hosts", "--json"])).stdout)} ${daemonLogLines(server.home).slice(-10).join("\n")}`); });
    for (let i = 0; i < runs; i++) remote.push(await timed(["node", CLI, "-L", server.name, "list"], server.env));
    const ratio = median(remote) / median(local);
    await server.cli(["daemon", "stop"]);
    return [`P13 list with 3 hosts: median ${fmt(median(remote))} ms against ${fmt(median(local))} ms without hosts, ${ratio.toFixed(2)}x (target <= 1.3x, ${verdict(ratio <= 1.3)})  [${runs} runs each]`];
  } finally {
    await server.stop();
  }
}

/**
 * Key-press start-up with 20 hosts configured, against the same CLI told of none (AGENTMUX_CONFIG
 * naming a config without hosts), on the same server and daemon, the three taken in turn (none,
 * twenty, none again; each round starts one place further on). The hosts are weighed against
 * both runs of none; the one against the other is the yardstick (the spread between two runs of
 * the same thing). Target: each verb within 1.05x with hosts.
 */
async function keysWithHosts(server: TestServer, pane: string, rounds: number): Promise<string[]> {
  const bare = join(server.home, "no-hosts.yml");
  writeFileSync(bare, "hosts: []\n");
  const verbs: Verb[] = [
    { label: "list", args: ["list"] },
    { label: "next --from PANE (none waiting)", args: ["next", "--from", pane] },
    { label: "menu --print --pane PANE", args: ["menu", "--print", "--pane", pane] },
    { label: "snooze PANE (toggles)", args: ["snooze", pane] },
    { label: "switch (to its first frame)", args: ["switch"], ready: { text: "esc quit", keys: "\x1b" } },
    { label: "inbox (to its first frame)", args: ["inbox"], ready: { text: "esc close", keys: "\x1b" } },
  ];
  const env = { ...server.env, TERM: "xterm-256color" };
  const run = (verb: Verb, config?: string) => timed(["node", CLI, "-L", server.name, ...verb.args], config ? { ...env, AGENTMUX_CONFIG: config } : env, verb.ready);
  for (const verb of verbs) { await run(verb, bare); await run(verb); } // warm the file cache
  const samples = verbs.map(() => ({ none: [] as number[], twenty: [] as number[], again: [] as number[] }));
  for (let round = 0; round < rounds; round++) {
    for (const [i, verb] of verbs.entries()) {
      const s = samples[i] as (typeof samples)[number];
      // Each takes each place in the turn as often: no config is favoured by where it runs (after
      // another verb, after itself).
      const turn: Array<[number[], string | undefined]> = [[s.none, bare], [s.twenty, undefined], [s.again, bare]];
      for (let k = 0; k < turn.length; k++) {
        const [into, config] = turn[(k + round) % turn.length] as [number[], string | undefined];
        into.push(await run(verb, config));
      }
    }
  }
  // P13_SAMPLES=FILE keeps every run's time, for a look at their spread.
  if (process.env["P13_SAMPLES"]) writeFileSync(process.env["P13_SAMPLES"], JSON.stringify(verbs.map((v, i) => ({ verb: v.label, ...samples[i] }))));
  const lines = [`P13 key-press start-up with 20 hosts configured against none (the same server and daemon, in turn; none run twice as often, its two halves' ratio the spread of one thing), target <= ${KEYS_TARGET}x  [${rounds} runs with hosts, ${2 * rounds} without]`];
  let failed = 0;
  for (const [i, verb] of verbs.entries()) {
    const s = samples[i] as (typeof samples)[number];
    const none = median([...s.none, ...s.again]);
    const ratio = median(s.twenty) / none;
    if (ratio > KEYS_TARGET) failed++;
    lines.push(`    ${verb.label.padEnd(32)} p50 ${fmt(median(s.twenty)).padStart(6)} ms against ${fmt(none).padStart(6)} ms  ${ratio.toFixed(3)}x  (none against none ${(median(s.again) / median(s.none)).toFixed(3)}x)  ${ratio <= KEYS_TARGET ? "PASS" : "FAIL"}`);
  }
  lines.push(`P13 key-press start-up with 20 hosts: ${failed === 0 ? "within target" : `OVER TARGET (${failed} of ${verbs.length} verbs)`}`);
  return lines;
}

const KEYS_TARGET = 1.05;

/**
 * 20 configured hosts (aliases of the test machine): the daemon's idle CPU against a daemon of
 * none (two servers, one after the other, six local sessions each), and key-press start-up with
 * the 20 against none on the same server (keysWithHosts).
 */
async function twentyHosts(host: SshHost, seconds: number, rounds: number): Promise<string[]> {
  const figures: Record<string, { cpu: number; run: number }> = {};
  const spent: Record<number, string> = {};
  const keys: string[] = [];
  for (const count of [0, 20]) {
    const server = new TestServer({ AGENTMUX_SSH: host.sshWrapper() });
    writeConfig(server.home, { hosts: Array.from({ length: count }, (_, n) => ({ name: `h${n}`, ssh: host.alias, agentmux: host.agentmux, socket: host.socketName })) });
    await server.start();
    try {
      const panes: string[] = [];
      for (let i = 0; i < 6; i++) panes.push(String((await server.cli(["new", "--command", "sleep 3600", "--dir", server.work, "--instance", `k${i}`, "--detached"])).stdout).trim());
      // P13_PROFILE=DIR: a CPU profile and allocation sampling of the idle window, as P3_PROFILE (bench/profile-preload.mjs).
      const profile = process.env["P13_PROFILE"];
      await server.cli(["daemon", "start"], profile ? { env: { NODE_OPTIONS: `--import ${pathToFileURL(join(ROOT, "bench", "profile-preload.mjs")).href}`, P3_PROFILE: profile } } : {});
      if (count > 0) await server.waitFor("20 hosts reachable", async () => (JSON.parse(String((await server.cli(["hosts", "--json"])).stdout)) as Array<{ reachable: boolean }>).filter((h) => h.reachable).length === count, 120_000);
      await sleep(Number(process.env["P13_SETTLE_SECONDS"] ?? 3) * 1000);
      const pid = await daemonPid(server);
      if (profile) process.kill(pid, "SIGUSR2");
      const c0 = cpuMs(pid), r0 = runMs(pid), threads0 = threadCpuMs(pid), t0 = Date.now();
      await sleep(seconds * 1000);
      if (profile) process.kill(pid, "SIGUSR2");
      const elapsed = Date.now() - t0;
      figures[count] = { cpu: ((cpuMs(pid) - c0) / elapsed) * 100, run: ((runMs(pid) - r0) / elapsed) * 100 };
      spent[count] = threadSpend(threads0, threadCpuMs(pid));
      if (count > 0) keys.push(...(await keysWithHosts(server, panes[0] ?? "", rounds)));
      await server.cli(["daemon", "stop"]);
    } finally {
      await server.stop();
    }
  }
  type Figures = { cpu: number; run: number };
  const [none, twenty] = [figures[0], figures[20]] as [Figures, Figures];
  return [`P13 20 hosts configured: the daemon idle ${fmt(twenty.cpu)} % of a core against ${fmt(none.cpu)} % with none (over ${seconds} s each, in 10 ms ticks); its threads' run time ${twenty.run.toFixed(3)} % against ${none.run.toFixed(3)} % (the scheduler's own account, to the nanosecond)`,
    `P13 where the idle daemon's time went (thread: user+system): with 20 hosts ${spent[20] || "nothing"}; with none ${spent[0] || "nothing"}`,
    ...keys];
}

/**
 * The daemon holding 1,000 other sessions' rows: 20 hosts whose "ssh" replays a recorded stream of
 * 50 sessions (and says it is alive every 10 s), against the same daemon with no hosts. Target:
 * within 100 MB resident.
 */
async function thousandRows(): Promise<string[]> {
  const server = new TestServer();
  await server.start();
  try {
    const rows = Array.from({ length: 50 }, (_, i) => ({ pane: `%${i + 11}`, name: `work ${i} #x`, backend: "claude", account: null, dir: `/home/u/project-${i}`, instance: `w${i}`, id: `0000${i}`, state: i % 3 === 0 ? "working" : "waiting", background: false, stateSince: 1_000, age: 60, group: null, parent: null, forkedFrom: null, side: false, title: "a title of some length for the row", exitStatus: null, stateAge: 5, startedAt: 500 }));
    const recording = join(server.home, "stream.jsonl");
    writeFileSync(recording, `${JSON.stringify({ type: "hello", protocol: 1, version: "0.1.0" })}\n${JSON.stringify({ type: "feed", now: Date.now(), sessions: rows, inbox: [] })}\n`);
    const replay = join(server.home, "replay-ssh");
    writeFileSync(replay, `#!/bin/sh\ncase "$*" in *" -O exit "*) exit 0;; esac\ncat ${recording}\nwhile :; do sleep 10; printf '{"type":"alive","now":%s000}\\n' "$(date +%s)"; done\n`);
    chmodSync(replay, 0o755);
    await server.cli(["daemon", "start"]);
    await sleep(3000);
    const before = rssMb(await daemonPid(server));
    await server.cli(["daemon", "stop"]);
    writeConfig(server.home, { hosts: Array.from({ length: 20 }, (_, n) => ({ name: `r${n}`, ssh: `r${n}` })) });
    const started = await server.cli(["daemon", "start"], { env: { AGENTMUX_SSH: replay } });
    if (started.exitCode !== 0) throw new Error(String(started.stderr));
    await server.waitFor("1000 rows", async () => (JSON.parse(String((await server.cli(["list", "--json"])).stdout)) as unknown[]).length === 1000, 60_000);
    await sleep(5000);
    const after = rssMb(await daemonPid(server));
    await server.cli(["daemon", "stop"]);
    return [`P7 with 1,000 other machines' rows (20 replayed hosts x 50): daemon ${fmt(after)} MB resident against ${fmt(before)} MB with none (target <= 100 MB, ${verdict(after <= 100)})`];
  } finally {
    await server.stop();
  }
}

export async function benchHosts(rounds = 40): Promise<string[]> {
  const why = canHostSsh();
  if (why) return [`P13 skipped: ${why}`];
  const host = new SshHost("p13");
  await host.start();
  try {
    await host.startTmux();
    // P13_PARTS=segment,list,twenty,thousand runs only those parts (all by default).
    const parts = process.env["P13_PARTS"]?.split(",");
    const wanted = (part: string) => !parts || parts.includes(part);
    return [
      ...(wanted("segment") ? await remoteToSegment(host, rounds) : []),
      ...(wanted("list") ? await listRatio(host, Number(process.env["P13_LIST_RUNS"] ?? 30)) : []),
      ...(wanted("twenty") ? await twentyHosts(host, Number(process.env["P13_IDLE_SECONDS"] ?? 20), Number(process.env["P13_KEY_ROUNDS"] ?? 15)) : []),
      ...(wanted("thousand") ? await thousandRows() : []),
    ];
  } finally {
    await host.stop();
  }
}

