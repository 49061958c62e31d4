import { spawn } from "node:child_process";
import { join } from "node:path";
import { WebSocket } from "ws";
import { ControlClient } from "../src/tmux/control.ts";
import { writeConfig } from "../test/helpers/config.ts";
import { ROOT, TestServer } from "../test/helpers/tmux-server.ts";
import { sessionEnv } from "../test/helpers/agentmux-session.ts";
import { fmt, percentile } from "./stats.ts";
import { freePort } from "../test/helpers/free-port.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");

function runHook(event: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(HOOK, [event], { env, stdio: ["pipe", "ignore", "ignore"] });
    child.on("close", () => resolve());
    child.stdin.end("{}");
  });
}


/**
 * P11: a state change to the phone page's WebSocket message showing it. From the moment a hook
 * fires, (a) the daemon's own state change: @agentmux-state reading the new state through a
 * control-mode connection (polled, as P2), and (b) the {type:"sessions"} push carrying the new
 * state arriving at a WebSocket client, in the same rounds. The push's own share is b - a.
 */
export async function benchRemotePush(rounds = 100): Promise<string[]> {
  const server = new TestServer();
  const port = await freePort();
  writeConfig(server.home, { remote: { enabled: true, listen: "127.0.0.1", port, host: "127.0.0.1", allowedNetworks: ["127.0.0.1/32"] } });
  await server.start();
  try {
    const r = await server.cli(["new", "--command", "sleep 600", "--dir", server.work]);
    const pane = String(r.stdout).trim();
    const env = { ...server.env, ...(await sessionEnv(server, pane)) };
    const client = new ControlClient({ server: { socketName: server.name } });
    await client.connect();
    const read = async () => (await client.command(["display-message", "-p", "-t", pane, "#{@agentmux-state}"]))[0] ?? "";
    // Every client needs a paired device's token, as a phone does.
    const { code } = JSON.parse(String((await server.cli(["remote", "pair", "--json"])).stdout)) as { code: string };
    const paired = await fetch(`http://127.0.0.1:${port}/api/pair`, { method: "POST", headers: { "X-Agent-Remote": "1", "Content-Type": "application/json" }, body: JSON.stringify({ code, device: "bench" }) });
    const { token } = (await paired.json()) as { token: string };
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(token)}`, { origin: `http://127.0.0.1:${port}` });
    let latest: { state: string; at: bigint } = { state: "", at: 0n };
    ws.on("message", (data) => {
      const m = JSON.parse(String(data)) as { type: string; sessions?: Array<{ pane: string; state: string }> };
      const row = m.type === "sessions" ? m.sessions?.find((s) => s.pane === pane) : undefined;
      if (row && row.state !== latest.state) latest = { state: row.state, at: process.hrtime.bigint() };
    });
    await new Promise<void>((resolve, reject) => { ws.once("open", () => resolve()); ws.once("error", reject); });
    const daemon: number[] = [];
    const pushed: number[] = [];
    const share: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const [event, state] = i % 2 === 0 ? ["agentmux-working", "working"] : ["agentmux-done", "waiting"];
      const start = process.hrtime.bigint();
      const ms = (t: bigint) => Number(t - start) / 1e6;
      await runHook(event, env);
      let seen = 0n;
      while (seen === 0n || latest.state !== state || latest.at < start) {
        if (seen === 0n && (await read()) === state) seen = process.hrtime.bigint();
        else if (seen !== 0n) await new Promise((res) => setImmediate(res));
        if (ms(process.hrtime.bigint()) > 5000) throw new Error(`no ${state} pushed after 5 s`);
      }
      daemon.push(ms(seen));
      pushed.push(ms(latest.at));
      share.push(ms(latest.at) - ms(seen));
    }
    ws.close();
    await client.close();
    await server.cli(["daemon", "stop"]);
    const line = (xs: number[]) => `p50 ${fmt(percentile(xs, 50))} ms, p99 ${fmt(percentile(xs, 99))} ms`;
    return [
      `P11 hook event -> phone page WebSocket push showing the state: ${line(pushed)}; the daemon's own state change (@agentmux-state read) ${line(daemon)}; the push after the state change (negative: it came first) ${line(share)}  [${rounds} events]`,
    ];
  } finally {
    await server.stop();
  }
}
