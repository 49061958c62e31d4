import { spawn } from "node:child_process";
import { join } from "node:path";
import { ControlClient } from "../src/tmux/control.ts";
import { ROOT, TestServer } from "../test/helpers/tmux-server.ts";
import { sessionEnv } from "../test/helpers/agentmux-session.ts";
import { fmt, percentile, verdict } from "./stats.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");

function runHook(event: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(HOOK, [event], { env, stdio: ["pipe", "ignore", "ignore"] });
    child.on("close", () => resolve());
    child.stdin.end("{}");
  });
}

/**
 * P2: from the moment a hook fires to @agentmux-state and the global status segment showing the
 * new state, read through a control-mode connection. Baseline: the hook alone plus one read.
 * Target ≤ 50 ms p50, ≤ 150 ms p99.
 */
export async function benchStateLatency(rounds = 200): Promise<string[]> {
  const server = new TestServer();
  await server.start();
  try {
    const r = await server.cli(["new", "--command", "sleep 600", "--dir", server.work]);
    const pane = String(r.stdout).trim();
    const env = { ...server.env, ...(await sessionEnv(server, pane)) };
    const client = new ControlClient({ server: { socketName: server.name } });
    await client.connect();
    const read = async () => (await client.command(["display-message", "-p", "-t", pane, "#{@agentmux-state}|#{@agentmux-status}"]))[0] ?? "";
    const latencies: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const [event, state, glyph] = i % 2 === 0 ? ["agentmux-working", "working", "◐"] : ["agentmux-done", "waiting", "●"];
      const start = process.hrtime.bigint();
      await runHook(event, env);
      for (;;) {
        const [s, segment] = (await read()).split("|");
        if (s === state && (segment ?? "").includes(glyph)) break;
        if (Number(process.hrtime.bigint() - start) / 1e6 > 5000) throw new Error(`no ${state} after 5 s`);
      }
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
      const b = process.hrtime.bigint();
      await runHook("Unknown", { ...env, AGENTMUX_SOCK: "/nonexistent/daemon.sock" });
      await read();
      baseline.push(Number(process.hrtime.bigint() - b) / 1e6);
    }
    await client.close();
    await server.cli(["daemon", "stop"]);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const b50 = percentile(baseline, 50);
    return [
      `P2 hook event -> @agentmux-state + status segment: p50 ${fmt(p50)} ms (target <= 50, ${verdict(p50 <= 50)}), p99 ${fmt(p99)} ms (target <= 150, ${verdict(p99 <= 150)}); baseline hook+read p50 ${fmt(b50)} ms, so ${(p50 / b50).toFixed(1)}x  [${rounds} events]`,
    ];
  } finally {
    await server.stop();
  }
}
