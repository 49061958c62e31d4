import { spawn } from "node:child_process";
import { join } from "node:path";
import { request } from "../src/daemon/client.ts";
import { ROOT, TestServer } from "../test/helpers/tmux-server.ts";
import { sessionEnv } from "../test/helpers/agentmux-session.ts";
import { fmt, percentile, verdict } from "./stats.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");

function runHook(event: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const child = spawn(HOOK, [event], { env, stdio: ["pipe", "ignore", "ignore"] });
    child.on("close", () => resolve(Number(process.hrtime.bigint() - start) / 1e6));
    child.stdin.end("{}");
  });
}

/**
 * P6: a `wait` request pending on the daemon, then a hook changes the state: time from the hook
 * firing to the wait's answer. Baseline: the hook alone. Target ≤ 100 ms.
 */
export async function benchWaitLatency(rounds = 100): Promise<string[]> {
  const server = new TestServer();
  await server.start();
  try {
    const pane = String((await server.cli(["new", "--command", "sleep 600", "--dir", server.work])).stdout).trim();
    const env = { ...server.env, ...(await sessionEnv(server, pane)) };
    const socket = env["AGENTMUX_SOCK"] ?? "";
    const latencies: number[] = [];
    const hookOnly: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const [event, state] = i % 2 === 0 ? ["agentmux-working", "working"] : ["agentmux-done", "waiting"];
      const answered = request(socket, { op: "wait", panes: [pane], state, timeoutMs: 10_000 }, 15_000);
      await new Promise((r) => setTimeout(r, 5)); // the wait is registered before the state changes
      const start = process.hrtime.bigint();
      const [reply] = await Promise.all([answered, runHook(event, env).then((ms) => hookOnly.push(ms))]);
      if (!reply.ok) throw new Error(reply.error);
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    await server.cli(["daemon", "stop"]);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const h50 = percentile(hookOnly, 50);
    return [`P6 wait wake-up after a state change: p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms (target <= 100, ${verdict(p99 <= 100)}); baseline the hook alone p50 ${fmt(h50)} ms, so ${(p50 / h50).toFixed(1)}x  [${rounds} waits]`];
  } finally {
    await server.stop();
  }
}
