import { spawn, type ChildProcess } from "node:child_process";
import type { HostConfig } from "../config/config.ts";
import { LinkWatches, type OutputListener } from "./link-watches.ts";
import { emptySnapshot, onLocalClock, parseStreamLine, STREAM_PROTOCOL, type HostSnapshot } from "./snapshot.ts";
import { sshArgv, sshFailure } from "./ssh.ts";

/** Waits before trying a dropped link again: doubling from the first, at most the last. */
const BACKOFF_MS = [1000, 2000, 4000, 8000, 16_000, 30_000];
/** A line of the stream longer than this ends the link (a host sends rows, not floods). */
const MAX_LINE = 16 * 1024 * 1024;
/** What is kept of ssh's stderr to say why a link failed. */
const STDERR_KEPT = 4096;
/**
 * The alive line's cadence the link asks of a stream that can take it (hello feature "alive-every"):
 * an idle host costs this daemon a line every 30 s, not every 10 s (ssh's own keepalive, every 10 s,
 * finds a dead connection). With no line for SILENT_MS the link is taken as dead; an older stream
 * says it is alive every 10 s and is given OLD_SILENT_MS.
 */
const ALIVE_ASKED_MS = 30_000;
const SILENT_MS = 3 * ALIVE_ASKED_MS + 5000;
const OLD_SILENT_MS = 35_000;

export interface LinkDeps {
  /** The daemon's private runtime directory (the shared connection's socket goes in it). */
  dir: string;
  ssh: string;
  env: NodeJS.ProcessEnv;
  /**
   * What is known of the host changed (written to its cache file); `news`: more than the time of
   * the last data (the status line, the inbox and the notifications look again only then).
   */
  update: (snapshot: HostSnapshot, news: boolean) => void;
  log: (line: string) => void;
}

/**
 * One host's link: a single ssh (sharing the host's one connection) running `agentmux stream` there,
 * whose lines are the remote daemon's roster, pushed on every change. A link that drops is tried
 * again with backoff; meanwhile the host's sessions stay as last received, marked unreachable.
 */
export class HostLink {
  private child: ChildProcess | null = null;
  private timer: NodeJS.Timeout | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;
  private snapshot: HostSnapshot;
  /** The panes watched for the phone page (their watch lines go on the stream's stdin). */
  private readonly watches: LinkWatches;

  constructor(readonly host: HostConfig, private readonly deps: LinkDeps, previous?: HostSnapshot) {
    this.snapshot = previous ? { ...previous, reachable: false } : emptySnapshot(host.name);
    this.watches = new LinkWatches(host.name);
  }

  /** Watch one of the host's panes (%N): its output pushed to listener until the function returned is called. */
  watch(pane: string, listener: OutputListener): () => void {
    return this.watches.add(pane, listener);
  }

  /** What is known of the host now. */
  current(): HostSnapshot {
    return this.snapshot;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.watchdog) clearTimeout(this.watchdog);
    this.child?.kill("SIGTERM");
    this.child = null;
    this.watches.unavailable(`${this.host.name}: the link was stopped`);
  }

  private set(change: Partial<HostSnapshot>, news = true): void {
    this.snapshot = { ...this.snapshot, ...change };
    this.deps.update(this.snapshot, news);
  }

  private connect(): void {
    if (this.stopped) return;
    const child = spawn(this.deps.ssh, sshArgv(this.host, this.deps.dir, "stream", ["--protocol", String(STREAM_PROTOCOL)]), {
      env: this.deps.env, stdio: ["pipe", "pipe", "pipe"],
    });
    this.child = child;
    this.watches.connecting();
    let stderr = "";
    let pending = "";
    let greeted = false;
    let refused: string | null = null;
    let silentMs = OLD_SILENT_MS;
    const fail = (why: string) => { refused = why; child.kill("SIGTERM"); };
    const silent = () => fail(`${this.host.name}: host unreachable (nothing came for ${silentMs / 1000} s, not even that it is alive)`);
    this.armWatchdog(silent, silentMs);
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => { stderr = (stderr + chunk).slice(-STDERR_KEPT); });
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => {
      pending += chunk;
      if (pending.length > MAX_LINE && !pending.includes("\n")) { fail(`${this.host.name}: the remote agentmux sent a line longer than ${MAX_LINE} bytes`); return; }
      let newline: number;
      while ((newline = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        this.armWatchdog(silent, silentMs);
        const message = parseStreamLine(line);
        if (!message) continue;
        if (message.type === "hello") {
          if (message.protocol !== STREAM_PROTOCOL) { fail(`${this.host.name}: its agentmux ${message.version} speaks stream protocol ${message.protocol}, this one ${STREAM_PROTOCOL}: install the same version on both`); return; }
          greeted = true;
          if (message.features.includes("alive-every")) {
            child.stdin?.write(`${JSON.stringify({ type: "alive", every: ALIVE_ASKED_MS })}\n`);
            silentMs = SILENT_MS;
            this.armWatchdog(silent, silentMs);
          }
          this.set({ version: message.version });
          this.watches.connected(message.features, message.version, (line) => { if (this.child === child) child.stdin?.write(line); });
        } else if (message.type === "error") {
          fail(`${this.host.name}: ${message.error}${message.hint ? ` (${message.hint})` : ""}`);
          return;
        } else if (!greeted) {
          fail(`${this.host.name}: the remote agentmux did not say which stream protocol it speaks: it is older than this one, install the same version on both`);
          return;
        } else if (message.type === "output") {
          this.watches.output(message.pane, message.text);
        } else if (message.type === "output-ended") {
          this.watches.ended(message.pane, message.why);
        } else if (message.type === "feed") {
          const now = Date.now();
          if (this.failures > 0) this.deps.log(`hosts: ${this.host.name} reachable again`);
          this.failures = 0;
          this.set({ ...onLocalClock(message, now), reachable: true, error: null, lastDataAt: now });
        } else {
          // Alive: the data is as current as now; news only when the host was not reachable.
          this.set({ reachable: true, error: null, lastDataAt: Date.now() }, !this.snapshot.reachable);
        }
      }
    });
    // The link ends its own stdin only by ending: the remote stream stops when it reads EOF.
    child.stdin?.on("error", () => undefined);
    child.on("error", (error) => { refused ??= `${this.host.name}: cannot run ${this.deps.ssh}: ${error.message}`; });
    child.on("close", (code) => {
      if (this.child === child) this.child = null;
      if (this.watchdog) clearTimeout(this.watchdog);
      if (this.stopped) return;
      const why = refused ?? sshFailure(this.host, code, stderr, greeted);
      const wait = BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)] ?? 30_000;
      this.failures += 1;
      if (this.failures === 1 || this.snapshot.error !== why) this.deps.log(`hosts: ${why}; trying again in ${wait / 1000} s`);
      this.set({ reachable: false, error: why });
      this.watches.unavailable(why);
      this.timer = setTimeout(() => { this.timer = null; this.connect(); }, wait);
    });
  }

  /** A link that says nothing for `ms` (not even that it is alive) is ended, and tried again. */
  private armWatchdog(silent: () => void, ms: number): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = setTimeout(silent, ms);
  }
}
