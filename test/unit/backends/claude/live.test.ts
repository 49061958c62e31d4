import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeLiveAgrees, parseClaudeLive } from "../../../../src/backends/claude/live.ts";
import { evalInChild, srcUrl } from "../../../helpers/in-child.ts";

describe("Claude live session files", () => {
  it("parses the file, and refuses a half-written one", () => {
    assert.deepEqual(parseClaudeLive('{"pid":1,"status":"waiting","waitingFor":"permission prompt","sessionId":"s"}'), { status: "waiting", waitingFor: "permission prompt", sessionId: "s" });
    assert.equal(parseClaudeLive('{"pid":1,"sta'), null);
  });

  it("a live file that is a link to /dev/zero is no live file, not read (the daemon reads these on every poll)", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-live-"));
    mkdirSync(join(dir, "sessions"));
    // A process of the pane's whose CLAUDE_CONFIG_DIR is ours, and a regular live file of another to show it is read.
    const claude = spawn("sleep", ["60"], { env: { ...process.env, CLAUDE_CONFIG_DIR: dir }, stdio: "ignore" });
    const other = spawn("sleep", ["60"], { env: { ...process.env, CLAUDE_CONFIG_DIR: dir }, stdio: "ignore" });
    try {
      symlinkSync("/dev/zero", join(dir, "sessions", `${claude.pid}.json`));
      writeFileSync(join(dir, "sessions", `${other.pid}.json`), '{"status":"busy"}');
      // In a child: the old reader read /dev/zero until memory ran out.
      const read = evalInChild<unknown[]>(`
        const { readClaudeLiveFile } = await import(${JSON.stringify(srcUrl("backends/claude/live.ts"))});
        process.stdout.write(JSON.stringify([readClaudeLiveFile(${claude.pid}), readClaudeLiveFile(${other.pid})]));`);
      assert.deepEqual(read, [null, { status: "busy" }]);
    } finally {
      claude.kill("SIGKILL");
      other.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("claudeLiveAgrees: agentmux's state against Claude's report", () => {
  it("busy is working (or closing), waiting is blocked, idle is neither; an unknown status never disagrees", () => {
    assert.equal(claudeLiveAgrees("working", { status: "busy" }), true);
    assert.equal(claudeLiveAgrees("closing", { status: "busy" }), true);
    assert.equal(claudeLiveAgrees("waiting", { status: "busy" }), false);
    assert.equal(claudeLiveAgrees("blocked", { status: "waiting", waitingFor: "permission prompt" }), true);
    assert.equal(claudeLiveAgrees("working", { status: "waiting" }), false);
    assert.equal(claudeLiveAgrees("waiting", { status: "idle" }), true);
    assert.equal(claudeLiveAgrees("idle", { status: "idle" }), true);
    assert.equal(claudeLiveAgrees("blocked", { status: "idle" }), false);
    assert.equal(claudeLiveAgrees("working", { status: "compacting" }), true);
  });
});
