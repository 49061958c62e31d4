import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ControlClient } from "../src/tmux/control.ts";
import { FIXTURE_BIN, ROOT, TestServer } from "../test/helpers/tmux-server.ts";
import { fmt, percentile, verdict } from "./stats.ts";

/**
 * P4: screen-only detection (no hook channel): from the keypress that changes a real Codex screen
 * to @agentmux-state. Baseline: the same keypress to the screen itself changing. Target ≤ 1 s.
 */
export async function benchScreenLatency(rounds = 30): Promise<string[]> {
  const server = new TestServer();
  await server.start();
  try {
    const screens = join(ROOT, "test", "fixtures", "real", "screens");
    const cycle = Array.from({ length: rounds + 1 }, (_, i) => join(screens, i % 2 === 0 ? "codex-working.txt" : "codex-permission.txt"));
    mkdirSync(join(server.home, "config"), { recursive: true });
    writeFileSync(join(server.home, "config", "config.yml"), `backends:\n  codex:\n    program: ${join(FIXTURE_BIN, "screen-agent")}\n    args: [${cycle.map((s) => JSON.stringify(s)).join(", ")}]\n`);
    const pane = String((await server.cli(["new", "--backend", "codex", "--dir", server.work])).stdout).trim();
    const client = new ControlClient({ server: { socketName: server.name } });
    await client.connect();
    const read = async () => (await client.command(["display-message", "-p", "-t", pane, "#{@agentmux-state}"]))[0] ?? "";
    const screenHas = async (text: string) => (await client.command(["capture-pane", "-p", "-t", pane])).join("\n").includes(text);
    while ((await read()) !== "working") await new Promise((r) => setTimeout(r, 20));
    const latencies: number[] = [];
    const baseline: number[] = [];
    for (let i = 1; i <= rounds; i++) {
      const [state, marker] = i % 2 === 1 ? ["blocked", "Would you like to run"] : ["working", "Working ("];
      // Let the previous verdict settle in the screen watcher's pace before the next change.
      await new Promise((r) => setTimeout(r, 700));
      const start = process.hrtime.bigint();
      await client.command(["send-keys", "-t", pane, "Enter"]);
      let screenSeen = 0;
      for (;;) {
        if (!screenSeen && (await screenHas(marker))) screenSeen = Number(process.hrtime.bigint() - start) / 1e6;
        if ((await read()) === state) break;
        if (Number(process.hrtime.bigint() - start) > 10e9) throw new Error(`no ${state} after 10 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
      baseline.push(screenSeen || latencies[latencies.length - 1]!);
    }
    await client.close();
    await server.cli(["daemon", "stop"]);
    const p50 = percentile(latencies, 50), p99 = percentile(latencies, 99), b50 = percentile(baseline, 50);
    return [`P4 screen-only detection, screen change -> @agentmux-state: p50 ${fmt(p50)} ms, max ${fmt(p99)} ms (target <= 1000, ${verdict(p99 <= 1000)}); baseline keypress -> screen p50 ${fmt(b50)} ms  [${rounds} changes]`];
  } finally {
    await server.stop();
  }
}
