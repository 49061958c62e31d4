import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CLI, TestServer } from "../helpers/tmux-server.ts";

function daemonLog(server: TestServer): string {
  const dir = join(server.home, "state", "logs");
  return readdirSync(dir).map((n) => readFileSync(join(dir, n), "utf8")).join("");
}

/** The `daemon run` processes of this test server. */
function daemonProcesses(socket: string): number[] {
  return String(spawnSync("pgrep", ["-f", `${socket} daemon run`]).stdout).trim().split("\n").filter(Boolean).map(Number);
}

describe("daemon start reports what happened", () => {
  const server = new TestServer();
  before(async () => { await server.start(); });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("a daemon slower than the wait is 'still starting' with its pid (not 'failed'), and then runs", async () => {
    const r = await server.cli(["daemon", "start"], { env: { AGENTMUX_DAEMON_START_WAIT_MS: "0" } });
    assert.equal(r.exitCode, 75, String(r.stderr));
    const pid = Number(/still starting \(pid (\d+)\)/.exec(String(r.stderr))?.[1]);
    assert.ok(pid > 0, String(r.stderr));
    assert.doesNotMatch(String(r.stderr), /did not start|failed/);
    assert.match(String(r.stderr), /agentmux daemon status/);
    let status = "";
    await server.waitFor("the daemon answers", async () => /running: pid \d+/.test(status = String((await server.cli(["daemon", "status"])).stdout)), 60_000);
    assert.match(status, new RegExp(`running: pid ${pid},`));
  });

  it("once it runs, start says so", async () => {
    const r = await server.cli(["daemon", "start"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /^already running: pid \d+/);
  });

  it("eight daemons started at once: exactly one runs, the others leave it to serve (exit 4)", async () => {
    await server.cli(["daemon", "stop"]);
    const socket = String((await server.tmux(["display-message", "-p", "#{socket_path}"])).stdout).trim();
    const before = (daemonLog(server).match(/ started pid /g) ?? []).length;
    const exits = await Promise.all(Array.from({ length: 8 }, () => new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [CLI, "-S", socket, "daemon", "run"], { env: server.env, stdio: "ignore", detached: true });
      child.on("exit", (code) => resolve(code));
      child.unref();
      // The winner runs on: it does not exit.
      setTimeout(() => resolve(null), 15_000);
    })));
    const procs = daemonProcesses(socket);
    assert.equal(procs.length, 1, `daemon processes: ${procs.join(" ")}\n${daemonLog(server)}`);
    assert.deepEqual(exits.filter((c) => c !== null).sort(), [4, 4, 4, 4, 4, 4, 4]);
    const log = daemonLog(server);
    assert.equal((log.match(/ started pid /g) ?? []).length - before, 1, log);
    assert.equal((log.match(/leaves it to serve/g) ?? []).length, 7, log);
    const status = String((await server.cli(["daemon", "status"])).stdout);
    assert.match(status, new RegExp(`running: pid ${procs[0]},`));
  });

  it("eight `daemon start` at once: one says started, all name the same pid", async () => {
    await server.cli(["daemon", "stop"]);
    const rs = await Promise.all(Array.from({ length: 8 }, () => server.cli(["daemon", "start"])));
    for (const r of rs) assert.equal(r.exitCode, 0, String(r.stderr));
    const lines = rs.map((r) => String(r.stdout).trim());
    assert.equal(lines.filter((l) => l.startsWith("started:")).length, 1, lines.join("\n"));
    const pids = new Set(lines.map((l) => /pid (\d+)/.exec(l)?.[1]));
    assert.equal(pids.size, 1, lines.join("\n"));
    assert.ok(!pids.has(undefined));
  });

  it("a daemon killed with -9 leaves its pid file behind, and the next start takes it over", async () => {
    const pid = Number(/pid (\d+)/.exec(String((await server.cli(["daemon", "start"])).stdout))?.[1]);
    assert.ok(pid > 0);
    process.kill(pid, "SIGKILL");
    await server.waitFor("the daemon is gone", async () => { try { process.kill(pid, 0); return false; } catch { return true; } }, 10_000);
    // Something else (a tmux hook) may have started the next one first: either way a new one serves.
    const r = await server.cli(["daemon", "start"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /^(started|already running): pid \d+/);
    const next = Number(/pid (\d+)/.exec(String(r.stdout))?.[1]);
    assert.ok(next > 0 && next !== pid, String(r.stdout));
    assert.match(String((await server.cli(["daemon", "status"])).stdout), new RegExp(`running: pid ${next},`));
  });
});
