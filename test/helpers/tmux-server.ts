import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { execa, type Result } from "execa";

export const ROOT = resolve(import.meta.dirname, "..", "..");
export const FIXTURE_BIN = join(ROOT, "test", "fixtures", "bin");
export const CLI = join(ROOT, "bin", "agentmux.js");

let counter = 0;
const PLAIN_SHELL = "exec bash --noprofile --norc";
const SOCKET_DIR = join("/tmp", `tmux-${process.getuid?.() ?? 0}`);

/** Sockets of test servers whose test process died before its after() ran (killed runs). */
function sweepDeadSockets(): void {
  let names: string[] = [];
  try { names = readdirSync(SOCKET_DIR); } catch { return; }
  for (const name of names) {
    const pid = Number(/^agentmux-test-(\d+)-\d+$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      spawnSync("tmux", ["-S", join(SOCKET_DIR, name), "kill-server"], { stdio: "ignore", timeout: 2000 });
      spawnSync("pkill", ["-f", `tmux .*${name}( |$)`], { stdio: "ignore" });
      rmSync(join(SOCKET_DIR, name), { force: true });
    }
  }
}

/** SIGKILL every process (Linux /proc) whose environment names AGENTMUX_HOME=home, but this one. */
function killProcessesOf(home: string): void {
  const needle = `AGENTMUX_HOME=${home}\0`;
  let pids: string[] = [];
  try { pids = readdirSync("/proc").filter((n) => /^\d+$/.test(n)); } catch { return; }
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let environ = "";
    try { environ = readFileSync(`/proc/${pid}/environ`, "latin1"); } catch { continue; }
    if (!environ.includes(needle)) continue;
    try { process.kill(Number(pid), "SIGKILL"); } catch { /* gone */ }
  }
}

/**
 * Variables a CI runner sets (.ci/run has CI=true) that no user's pane has. Ink-based CLIs seeing
 * one draw only their final frame, so Auggie's and droid's input boxes never appear; Gemini CLI
 * runs non-interactively and exits. Tests run the CLIs as a user's tmux would, without them.
 */
const isCiMarker = (k: string): boolean => k === "CI" || k === "CONTINUOUS_INTEGRATION" || k === "BUILD_NUMBER" || k === "RUN_ID" || k.startsWith("CI_");

/** A private tmux server for one test file, plus a temporary AGENTMUX_HOME and a PATH with the fake agents first. */
export class TestServer {
  readonly name = `agentmux-test-${process.pid}-${++counter}`;
  readonly home = mkdtempSync(join(tmpdir(), "agentmux-test-"));
  readonly work = join(this.home, "work");
  readonly env: Record<string, string>;

  constructor(extraEnv: Record<string, string> = {}) {
    if (counter === 1) sweepDeadSockets();
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== "TMUX" && k !== "TMUX_PANE" && !k.startsWith("AGENTMUX_") && !isCiMarker(k)) env[k] = v;
    env["PATH"] = `${FIXTURE_BIN}:${env["PATH"] ?? "/usr/bin:/bin"}`;
    env["AGENTMUX_HOME"] = this.home;
    // agentmux prepares Codex's home at launch: never the real ~/.codex in a test.
    env["CODEX_HOME"] = join(this.home, "codex-home");
    // ... nor Gemini's: its sessions get a home whose links point into the user's ~/.gemini.
    env["GEMINI_CLI_HOME"] = join(this.home, "gemini-user");
    Object.assign(env, extraEnv);
    this.env = env;
    mkdirSync(this.work, { recursive: true });
  }

  /** Set (or with undefined, remove) variables in the server's global environment, which new panes get. */
  async setServerEnv(vars: Record<string, string | undefined>): Promise<void> {
    for (const [k, v] of Object.entries(vars)) {
      await this.tmux(v === undefined ? ["set-environment", "-g", "-u", k] : ["set-environment", "-g", k, v]);
    }
  }

  /** tmux against this server. */
  tmux(args: string[], input?: string): Promise<Result> {
    return execa("tmux", ["-L", this.name, ...args], { env: this.env, extendEnv: false, input, reject: false });
  }

  /**
   * The server and its base session. Its shells (the base pane and any window opened without a
   * command) are bash without the user's start-up files: a machine's ~/.bashrc that hangs or
   * resets PATH (a pyenv rehash waiting a minute on a stale lock did) is no part of a test.
   */
  async start(): Promise<void> {
    const r = await this.tmux([
      "-f", "/dev/null", "new-session", "-d", "-s", "base", "-x", "160", "-y", "48", "-c", this.work, PLAIN_SHELL,
      ";", "set-option", "-g", "default-command", PLAIN_SHELL,
    ]);
    if (r.exitCode !== 0) throw new Error(`tmux new-session failed: ${r.stderr}`);
  }

  /**
   * Run the built CLI against this server. guarded: for input that once hung the CLI or ate its
   * memory, its data is capped at 1 GB (ulimit -d) and it is killed after a minute (the result
   * then says timedOut), so a regression fails the test instead of hanging it.
   */
  cli(args: string[], options: { input?: string; env?: Record<string, string>; guarded?: boolean } = {}): Promise<Result> {
    const common = { env: { ...this.env, ...(options.env ?? {}) }, extendEnv: false, input: options.input ?? "", reject: false, cwd: this.work } as const;
    if (options.guarded) {
      return execa("sh", ["-c", 'ulimit -d 1000000; exec "$0" "$@"', "node", CLI, "-L", this.name, ...args], { ...common, timeout: 60_000, killSignal: "SIGKILL" });
    }
    return execa("node", [CLI, "-L", this.name, ...args], common);
  }

  async capture(pane: string): Promise<string> {
    return String((await this.tmux(["capture-pane", "-p", "-t", pane])).stdout);
  }

  /** Poll until fn answers true (tests wait on conditions, never on fixed sleeps alone). */
  async waitFor(what: string, fn: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await fn()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  async waitForScreen(pane: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    let screen = "";
    await this.waitFor(`${pattern} in ${pane}`, async () => pattern.test((screen = await this.capture(pane))), timeoutMs).catch((e: Error) => {
      throw new Error(`${e.message}; screen was:\n${screen}`);
    });
    return screen;
  }

  /** Every `leak:` line of this test's daemon logs: a leak means a session resource nobody registered with teardown. */
  leaks(): string[] {
    const dir = join(this.home, "state", "logs");
    let names: string[] = [];
    try { names = readdirSync(dir); } catch { return []; }
    return names.filter((n) => n.endsWith(".log")).flatMap((n) => readFileSync(join(dir, n), "utf8").split("\n").filter((l) => / leak: /.test(l)));
  }

  /** Kill the server and remove everything; fails (after cleaning up) when a daemon log has a leak line. */
  async stop(): Promise<void> {
    await this.tmux(["kill-server"]);
    // The daemon sees its server go and stops; its last words (leaks found at teardown) are read
    // once it has, so the check does not depend on who is faster.
    const daemons = () => spawnSync("pgrep", ["-f", `${this.name} daemon run`], { encoding: "utf8" }).stdout.trim();
    const deadline = Date.now() + 10_000;
    while (daemons() !== "" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    spawnSync("pkill", ["-9", "-f", `${this.name} daemon run`], { stdio: "ignore" });
    // A daemon killed with -9 (crash tests) leaves its `tmux -C` client behind; nothing of this
    // server may outlive the test.
    spawnSync("pkill", ["-f", `tmux .*${this.name}( |$)`], { stdio: "ignore" });
    const socket = join(SOCKET_DIR, this.name);
    if (existsSync(socket)) rmSync(socket, { force: true });
    const leaks = this.leaks();
    // Whatever the panes started and outlived the server (an agent's background work, a process
    // that ignores SIGHUP) still writes into this home: every process with it in its environment goes.
    killProcessesOf(this.home);
    // An agent killed with the server may still be writing its files for a moment: retry. Kept
    // for a post-mortem when AGENTMUX_TEST_KEEP is set (its path goes to stderr).
    if (process.env["AGENTMUX_TEST_KEEP"]) process.stderr.write(`kept ${this.home}\n`);
    else rmSync(this.home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    if (leaks.length > 0) throw new Error(`the daemon logged ${leaks.length} leak(s):\n${leaks.join("\n")}`);
  }
}
