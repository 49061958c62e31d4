import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runOnce, STDERR_MARKER } from "../../../src/batch/run-once.ts";
import { claude } from "../../../src/backends/claude/index.ts";
import type { Backend } from "../../../src/backends/shared/types.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-run-once-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

// A stand-in for `claude -p`: answers the prompt it reads on stdin, fails on FAIL, sleeps on SLOW.
const program = join(tmp, "fake claude");
writeFileSync(program, `#!/usr/bin/env node
let input = "";
process.stdin.on("data", (d) => (input += d));
process.stdin.on("end", () => {
  const args = process.argv.slice(2);
  const answer = (ok, text) => { process.stdout.write(JSON.stringify({ type: "result", subtype: "success", is_error: !ok, result: text, session_id: "sid-1", total_cost_usd: 0.25 }) + "\\n"); process.exit(ok ? 0 : 1); };
  if (input.includes("SLOW")) return setTimeout(() => answer(true, "late"), 30000);
  if (input.includes("GARBAGE")) { process.stderr.write("crashed badly\\n"); process.exit(3); }
  if (input.includes("FAIL")) return answer(false, "API Error: failed on purpose");
  answer(true, "cwd=" + process.cwd() + " env=" + process.env.MARK + " args=" + args.join(" ") + " prompt=" + input);
});
`);
chmodSync(program, 0o755);
const env = { PATH: process.env["PATH"], MARK: "m-1" };

describe("runOnce", () => {
  it("passes the prompt on stdin, the options as arguments, in cwd with env only", async () => {
    const r = await runOnce(claude, program, "do it 'now' #1", { cwd: tmp, env, maxTurns: 3, permissionMode: "auto" });
    assert.equal(r.ok, true, r.raw);
    assert.equal(r.exitCode, 0);
    assert.equal(r.costUsd, 0.25);
    assert.equal(r.sessionId, "sid-1");
    assert.match(r.text, /env=m-1 args=-p --output-format json --permission-mode auto --max-turns 3 prompt=do it 'now' #1$/);
    assert.ok(r.text.includes(`cwd=${tmp}`));
    assert.ok(r.durationMs >= 0);
    assert.ok(r.raw.startsWith("{"));
  });

  it("reports an error result as not ok, with its exit code", async () => {
    const r = await runOnce(claude, program, "FAIL please", { cwd: tmp, env });
    assert.equal(r.ok, false);
    assert.equal(r.exitCode, 1);
    assert.match(r.text, /failed on purpose/);
  });

  it("keeps stderr in raw and names it when stdout has no result", async () => {
    const r = await runOnce(claude, program, "GARBAGE", { cwd: tmp, env });
    assert.equal(r.ok, false);
    assert.equal(r.exitCode, 3);
    assert.match(r.text, /no result object.*stderr: crashed badly/);
    assert.ok(r.raw.includes(`${STDERR_MARKER}crashed badly`));
  });

  it("ends a run when the signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const r = await runOnce(claude, program, "SLOW", { cwd: tmp, env, signal: controller.signal });
    assert.equal(r.ok, false);
    assert.equal(r.exitCode, -1);
    assert.match(r.text, /stopped/);
    assert.ok(r.durationMs < 20_000);
  });

  it("ends a run on its timeout", async () => {
    const r = await runOnce(claude, program, "SLOW", { cwd: tmp, env, timeoutMs: 300 });
    assert.equal(r.ok, false);
    assert.match(r.text, /timed out after 300 ms/);
  });

  it("names a program that is not installed", async () => {
    const r = await runOnce(claude, join(tmp, "missing"), "x", { cwd: tmp, env });
    assert.equal(r.ok, false);
    assert.match(r.text, /ENOENT|not found|missing/);
  });

  it("refuses a backend without a non-interactive mode", async () => {
    const plain = { ...claude, runner: undefined, label: "Plain" } as unknown as Backend;
    await assert.rejects(runOnce(plain, program, "x", { cwd: tmp, env }), /Plain has no non-interactive mode/);
  });
});
