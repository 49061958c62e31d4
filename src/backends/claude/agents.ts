import { execFile } from "node:child_process";
import type { LiveQueryResult, LiveReport, LiveStatus } from "../shared/types.ts";

/**
 * Claude Code takes a moment to register a turn boundary: `claude agents --json` begun right after a
 * prompt still reads idle. A result counts for a session only when its query began this long after
 * the session's last event (a turn boundary: a prompt sent, a stop).
 */
export const AGENTS_SETTLE_MS = 2_000;
/** A query that has not answered in this long failed. It takes well under a second when healthy. */
export const AGENTS_TIMEOUT_MS = 15_000;

/** Runs `program args` with env, resolves with its stdout; rejects when it cannot start, fails or times out. */
export type RunFile = (program: string, args: readonly string[], options: { env: Record<string, string | undefined>; timeout: number }) => Promise<string>;

const runFile: RunFile = (program, args, options) => new Promise((resolve, reject) => {
  execFile(program, [...args], { env: options.env, timeout: options.timeout, maxBuffer: 16 * 1024 * 1024, encoding: "utf8" }, (error, stdout, stderr) => {
    if (error) reject(new Error(`${program} ${args.join(" ")}: ${String(stderr).trim().split("\n")[0] || error.message}`));
    else resolve(stdout);
  });
});

/**
 * The sessions `claude agents --json` lists (Claude Code 2.1.197: an array of {pid, cwd, kind,
 * startedAt, sessionId, name, status, waitingFor?}), keyed by session id; null when the text is not
 * such an array. Entries without a session id or a status are left out.
 */
export function parseClaudeAgents(text: string): Map<string, LiveStatus> | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(data)) return null;
  const sessions = new Map<string, LiveStatus>();
  for (const entry of data) {
    if (!entry || typeof entry !== "object") continue;
    const e = entry as Record<string, unknown>;
    const sessionId = e["sessionId"];
    const status = e["status"];
    if (typeof sessionId !== "string" || sessionId === "" || typeof status !== "string") continue;
    sessions.set(sessionId, { status, sessionId, ...(typeof e["waitingFor"] === "string" ? { waitingFor: e["waitingFor"] } : {}) });
  }
  return sessions;
}

/**
 * What a query result says of one session: "unknown" when there is no result, the query failed, or
 * the session is not listed (never guessed); "stale" when the query began less than settleMs after
 * the session's last event (the hooks decide until a later query); else Claude's own report.
 */
export function agentsLiveReport(result: LiveQueryResult | undefined, sessionId: string | undefined, lastEventAt: number, settleMs = AGENTS_SETTLE_MS): LiveReport {
  if (!result || !result.ok) return "unknown";
  if (result.startedAt < lastEventAt + settleMs) return "stale";
  if (sessionId === undefined) return "unknown";
  return result.sessions.get(sessionId) ?? "unknown";
}

export interface ClaudeAgentsOptions {
  /** The claude executable (config backends.claude.program). */
  program?: string;
  run?: RunFile;
  clock?: () => number;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}

/**
 * `claude agents --json`, one query per config directory at a time: a query asked for while one
 * runs for the same directory gets that one's result. Each result is also kept as the directory's
 * latest.
 */
export class ClaudeAgentsQuery {
  private readonly running = new Map<string, Promise<LiveQueryResult>>();
  private readonly results = new Map<string, LiveQueryResult>();
  private readonly program: string;
  private readonly run: RunFile;
  private readonly clock: () => number;
  private readonly env: Record<string, string | undefined>;
  private readonly timeoutMs: number;

  constructor(options: ClaudeAgentsOptions = {}) {
    this.program = options.program ?? "claude";
    this.run = options.run ?? runFile;
    this.clock = options.clock ?? Date.now;
    this.env = options.env ?? process.env;
    this.timeoutMs = options.timeoutMs ?? AGENTS_TIMEOUT_MS;
  }

  query(configDir: string): Promise<LiveQueryResult> {
    const running = this.running.get(configDir);
    if (running) return running;
    const startedAt = this.clock();
    const done = this.run(this.program, ["agents", "--json"], { env: { ...this.env, CLAUDE_CONFIG_DIR: configDir }, timeout: this.timeoutMs })
      .then((stdout): LiveQueryResult => {
        const sessions = parseClaudeAgents(stdout);
        return sessions ? { ok: true, startedAt, sessions } : { ok: false, startedAt, error: `claude agents --json printed no session list: ${stdout.trim().slice(0, 120)}` };
      }, (error: unknown): LiveQueryResult => ({ ok: false, startedAt, error: error instanceof Error ? error.message : String(error) }))
      .then((result) => {
        this.results.set(configDir, result);
        this.running.delete(configDir);
        return result;
      });
    this.running.set(configDir, done);
    return done;
  }

  /** The last result stored for a config directory, if any. */
  latest(configDir: string): LiveQueryResult | undefined {
    return this.results.get(configDir);
  }

  /** Whether a query for this directory is running now. */
  inFlight(configDir: string): boolean {
    return this.running.has(configDir);
  }
}
