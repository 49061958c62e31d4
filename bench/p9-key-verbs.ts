import { spawn } from "node:child_process";
import { CLI, TestServer } from "../test/helpers/tmux-server.ts";
import { environ } from "../src/util/proc.ts";
import { fmt, median } from "./stats.ts";

const TARGET = 1.5;

export interface Verb {
  /** What the row is called: the words a key binding or hook runs. */
  label: string;
  args: string[];
  env?: Record<string, string>;
  /** On a pty (util-linux `script`), timed to this text on screen, then sent `keys`; else timed to exit. */
  ready?: { text: string; keys: string };
}

/** ms from spawn to exit (or, with ready, to `ready.text`); on a pty when asked or with ready. */
export function timed(argv: string[], env: NodeJS.ProcessEnv, ready?: Verb["ready"], pty = ready !== undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - start) / 1e6;
    const command = argv.map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(" ");
    const child = pty
      ? spawn("script", ["-qfec", command, "/dev/null"], { env, stdio: ["pipe", "pipe", "ignore"] })
      : spawn(argv[0] ?? "node", argv.slice(1), { env, stdio: ["ignore", "ignore", "ignore"] });
    let out = "";
    let at: number | null = null;
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      if (ready && at === null && out.includes(ready.text)) { at = ms(); child.stdin?.write(ready.keys); }
    });
    child.on("error", reject);
    child.on("close", () => {
      if (ready && at === null) reject(new Error(`${argv.join(" ")}: never saw "${ready.text}"; output: ${JSON.stringify(out.slice(-400))}`));
      else resolve(at ?? ms());
    });
  });
}

/**
 * P9: every verb a key binding or a hook runs (tmux/agentmux.tmux, src/cli/menu-entries.ts, the
 * agents' hooks), from spawn to exit, median over `rounds` runs taken in turn with `node -e ''`
 * in the same run (on a pty for switch, whose time is to its first frame as in P5). Six sessions
 * on a private tmux server, the daemon running (publish talks to it), no config file (the
 * defaults). Target: each within 1.5x `node -e ''`.
 */
export async function benchKeyVerbs(rounds = 25): Promise<string[]> {
  const server = new TestServer();
  await server.start();
  try {
    for (let i = 0; i < 6; i++) {
      const r = await server.cli(["new", "--command", "sleep 600", "--dir", server.work, "--instance", `s${i}`, "--detached"]);
      if (r.exitCode !== 0) throw new Error(`agentmux new failed: ${String(r.stderr)}`);
    }
    const started = await server.cli(["daemon", "start"]);
    if (started.exitCode !== 0) throw new Error(`agentmux daemon start failed: ${String(started.stderr)}`);
    const status = JSON.parse(String((await server.cli(["daemon", "status", "--json"])).stdout)) as { socket: string };
    const [pane = "", pid = ""] = String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id} #{pane_pid} #{@agentmux-token-hash}"])).stdout)
      .split("\n").map((l) => l.split(" ")).find((f) => f[2]) ?? [];
    const inSession = { AGENTMUX_SESSION: pane, AGENTMUX_TOKEN: environ(Number(pid))["AGENTMUX_TOKEN"] ?? "", AGENTMUX_SOCK: status.socket };
    const verbs: Verb[] = [
      { label: "--version", args: ["--version"] },
      { label: "list", args: ["list"] },
      { label: "next --from PANE", args: ["next", "--from", pane] },
      { label: "snooze PANE (toggles)", args: ["snooze", pane] },
      { label: "menu --print --pane PANE", args: ["menu", "--print", "--pane", pane] },
      { label: "kill (popup; target not found)", args: ["kill", "no-such-session"] },
      { label: "publish TEXT (in a session)", args: ["publish", "bench"], env: inSession },
      { label: "hook working (in a session)", args: ["hook", "working"], env: inSession },
      { label: "switch (to its first frame)", args: ["switch"], ready: { text: "esc quit", keys: "\x1b" } },
      { label: "inbox (to its first frame)", args: ["inbox"], ready: { text: "esc close", keys: "\x1b" } },
    ];
    const env = { ...server.env, TERM: "xterm-256color" };
    const base: number[] = [];
    const basePty: number[] = [];
    const samples = verbs.map(() => [] as number[]);
    const node = ["node", "-e", ""];
    for (let i = 0; i < 3; i++) await timed(node, env); // warm the file cache
    for (const verb of verbs) await timed(["node", CLI, "-L", server.name, ...verb.args], { ...env, ...verb.env }, verb.ready);
    for (let round = 0; round < rounds; round++) {
      base.push(await timed(node, env));
      basePty.push(await timed(node, env, undefined, true));
      for (const [i, verb] of verbs.entries()) samples[i]?.push(await timed(["node", CLI, "-L", server.name, ...verb.args], { ...env, ...verb.env }, verb.ready));
    }
    const b = median(base);
    const bp = median(basePty);
    const lines = [`P9 key-bound verbs, start to exit, against node -e '' p50 ${fmt(b)} ms (${fmt(bp)} ms on a pty), target <= ${TARGET}x  [${rounds} runs each, in turn]`];
    let failed = 0;
    for (const [i, verb] of verbs.entries()) {
      const m = median(samples[i] ?? []);
      const ratio = m / (verb.ready ? bp : b);
      if (ratio > TARGET) failed++;
      lines.push(`    ${verb.label.padEnd(32)} p50 ${fmt(m).padStart(6)} ms  ${ratio.toFixed(2)}x  ${ratio <= TARGET ? "PASS" : "FAIL"}`);
    }
    lines.push(`P9 ${failed === 0 ? "within target" : `OVER TARGET (${failed} of ${verbs.length} verbs)`}`);
    return lines;
  } finally {
    await server.stop();
  }
}
