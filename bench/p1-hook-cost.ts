import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../test/helpers/tmux-server.ts";
import { fmt, median, verdict } from "./stats.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");
// A PostToolUse-sized payload (about 1.5 KB).
const PAYLOAD = JSON.stringify({ session_id: "e757891c-c9fa-47e2-a957-4681a552d48d", hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "ls -la" }, tool_response: { stdout: "x".repeat(1200), stderr: "" } });

function time(argv: string[], env: NodeJS.ProcessEnv, runs: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    spawnSync(argv[0] ?? "sh", argv.slice(1), { input: PAYLOAD, env, stdio: ["pipe", "ignore", "ignore"] });
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

/** Remove a directory the hook's background writers may still be renaming files into (for up to 2 s). */
function clear(dir: string): void {
  for (let attempt = 0; attempt < 40; attempt++) {
    try { rmSync(dir, { recursive: true, force: true }); return; } catch { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50); }
  }
}

/** P1: one hook event through shell/agentmux-hook vs `sh -c true`, both spawned the same way. Target ≤ 3×. */
export function benchHookCost(runs = 300): string[] {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-bench-"));
  mkdirSync(join(dir, "mirror"), { recursive: true });
  const env = { PATH: process.env["PATH"], AGENTMUX_SESSION: "%1", AGENTMUX_TOKEN: "tok", AGENTMUX_TOKEN_HASH: "tokhash", AGENTMUX_SOCK: join(dir, "daemon.sock") };
  // Interleave the measurements so machine noise hits both alike.
  const base: number[] = [];
  const hook: number[] = [];
  const skipped: number[] = [];
  for (let round = 0; round < 10; round++) {
    base.push(...time(["sh", "-c", "true"], env, runs / 10));
    hook.push(...time([HOOK, "PostToolUse"], env, runs / 10));
    clear(join(dir, "spool"));
    writeFileSync(join(dir, "mirror", "%1"), "working tokhash\n");
    skipped.push(...time([HOOK, "PostToolUse"], env, runs / 10));
    rmSync(join(dir, "mirror", "%1"));
  }
  clear(dir);
  const ratio = median(hook) / median(base);
  const ratioSkipped = median(skipped) / median(base);
  return [
    `P1 hook event cost: baseline sh -c true ${fmt(median(base))} ms; agentmux-hook (spooled) ${fmt(median(hook))} ms = ${ratio.toFixed(2)}x (target <= 3x, ${verdict(ratio <= 3)}); tool event skipped by the mirror ${fmt(median(skipped))} ms = ${ratioSkipped.toFixed(2)}x  [medians of ${runs}]`,
  ];
}
