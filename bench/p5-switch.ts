import { spawn } from "node:child_process";
import { CLI, TestServer } from "../test/helpers/tmux-server.ts";
import { fmt, median, percentile, verdict } from "./stats.ts";

const READY = "esc quit";

/** Run argv on a terminal (util-linux `script` gives it a pty); answer ms from spawn to `ready` (or exit), then send `keys`. */
function timed(argv: string[], env: NodeJS.ProcessEnv, ready: string | null, keys = ""): Promise<number> {
  return new Promise((resolve, reject) => {
    const command = argv.map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(" ");
    const start = process.hrtime.bigint();
    const child = spawn("script", ["-qfec", command, "/dev/null"], { env, stdio: ["pipe", "pipe", "ignore"] });
    let out = "";
    let at: number | null = null;
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      if (ready !== null && at === null && out.includes(ready)) {
        at = Number(process.hrtime.bigint() - start) / 1e6;
        child.stdin.write(keys);
      }
    });
    child.on("error", reject);
    child.on("close", () => {
      const total = Number(process.hrtime.bigint() - start) / 1e6;
      if (ready !== null && at === null) reject(new Error(`never saw "${ready}"; output: ${JSON.stringify(out.slice(-400))}`));
      else resolve(at ?? total);
    });
  });
}

/**
 * P5: `agentmux switch` from spawn to ready for a key (its first frame drawn, raw mode on) over
 * six sessions, against `node -e ''` from spawn to exit; both on a pty from `script`. Target ≤ 1.5×.
 */
export async function benchSwitch(rounds = 30): Promise<string[]> {
  const server = new TestServer();
  await server.start();
  try {
    for (let i = 0; i < 6; i++) {
      await server.cli(["new", "--command", "sleep 600", "--dir", server.work, "--instance", `s${i}`, "--detached"]);
    }
    await server.cli(["daemon", "stop"]);
    const env = { ...server.env, TERM: "xterm-256color" };
    const base: number[] = [];
    const ready: number[] = [];
    for (let i = 0; i < 3; i++) await timed(["node", "-e", ""], env, null); // warm the file cache
    for (let i = 0; i < rounds; i++) {
      base.push(await timed(["node", "-e", ""], env, null));
      ready.push(await timed(["node", CLI, "-L", server.name, "switch"], env, READY, "\x1b"));
    }
    const ratio = median(ready) / median(base);
    return [`P5 agentmux switch to ready-for-a-key: p50 ${fmt(median(ready))} ms, p90 ${fmt(percentile(ready, 90))} ms; baseline node -e '' p50 ${fmt(median(base))} ms, so ${ratio.toFixed(2)}x (target <= 1.5x, ${verdict(ratio <= 1.5)})  [${rounds} runs each, on a pty]`];
  } finally {
    await server.stop();
  }
}
