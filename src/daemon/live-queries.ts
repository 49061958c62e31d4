import { BACKENDS, isBackendName } from "../backends/index.ts";
import type { Backend, LiveQueryResult } from "../backends/shared/types.ts";
import type { LiveWord } from "../core/evidence.ts";
import { LiveDisagreements } from "./live-disagreements.ts";
import type { Logger } from "./log.ts";
import type { Tracked } from "./tracked.ts";

/** A config directory is asked again at least this often, and after a session event its settle time later. */
export const QUERY_MAX_AGE_MS = 30_000;
const QUERY_SETTLE_MS = 2_000;

const STATUSES = new Set<LiveWord["status"]>(["busy", "idle", "waiting"]);

/** The last turn boundary the daemon knows of: a hook event, a prompt submitted or an Escape through agentmux. */
function sessionEvent(t: Tracked): number {
  const input = t.channels.input;
  return Math.max(t.channels.hook?.at ?? 0, input && input.kind !== "keys" ? input.at : 0);
}

/**
 * Channel 2, the CLI's own report of every session of a config directory (`claude agents --json`):
 * one query per directory in the background, never two at once, again after a session event's
 * settle time and at least every 30 s. A result counts for a session only when its query began
 * the settle time after the session's last event; a session it does not list (or a failed query)
 * is unknown, never guessed, and said once in the log. Where a session has hooks and the backend
 * can tell (Backend.liveAgrees), each disagreement of the report with the state the hooks made is
 * logged once.
 */
export class LiveQueries {
  private readonly started = new Map<string, number>();
  private readonly said = new Map<string, string>();
  private readonly disagreements = new LiveDisagreements();

  constructor(
    private readonly live: (t: Tracked, word: Omit<LiveWord, "since">) => Promise<void>,
    private readonly log: Logger,
    private readonly backendOf: (name: string) => Backend | undefined = (name) => (isBackendName(name) ? BACKENDS[name] : undefined),
  ) {}

  /** Start the queries that are due; answers them (for tests: resolved once every report was handed on). */
  tick(tracked: Iterable<Tracked>, now = Date.now()): Promise<void> {
    const pending: Array<Promise<void>> = [];
    const dirs = new Map<string, { backend: Backend; sessions: Tracked[] }>();
    for (const t of tracked) {
      const backend = this.backendOf(t.backend);
      if (!backend || t.machine.state === "exited") continue;
      if (!backend.queryLive || !backend.liveConfigDir || !t.panePid) continue;
      const dir = backend.liveConfigDir(t.panePid);
      if (!dir) continue;
      const entry = dirs.get(dir) ?? { backend, sessions: [] };
      entry.sessions.push(t);
      dirs.set(dir, entry);
    }
    for (const [dir, { backend, sessions }] of dirs) {
      const last = this.started.get(dir) ?? 0;
      const event = Math.max(...sessions.map(sessionEvent));
      const settled = event + QUERY_SETTLE_MS;
      const due = now - last >= QUERY_MAX_AGE_MS || (last < settled && now >= settled);
      if (!due || !backend.queryLive) continue;
      this.started.set(dir, now);
      pending.push(backend.queryLive(dir).then((result) => this.answered(backend, dir, sessions, result), (e: Error) => this.log(`${backend.label} live query in ${dir}: ${e.message}`)));
    }
    return Promise.all(pending).then(() => undefined);
  }

  private async answered(backend: Backend, dir: string, sessions: Tracked[], result: LiveQueryResult): Promise<void> {
    if (!result.ok) this.sayOnce(dir, `${backend.label}'s live report for ${dir} failed: ${result.error} (its sessions count as unknown there)`);
    for (const t of sessions) {
      if (t.machine.state === "exited" || !backend.liveReport) continue;
      const report = backend.liveReport(result, t.id || undefined, sessionEvent(t));
      if (report === "stale") continue;
      if (report === "unknown") {
        if (result.ok && t.id) this.sayOnce(t.pane, `${t.pane}: ${backend.label}'s live report does not list session ${t.id}: unknown there, the other channels decide`);
        continue;
      }
      this.said.delete(t.pane);
      const source = `${backend.label}'s agents report`;
      if (backend.liveAgrees && t.machine.hooked) {
        const line = this.disagreements.note(t.pane, t.machine.state, report, source, backend.liveAgrees);
        if (line) this.log(line);
      }
      const status = STATUSES.has(report.status as LiveWord["status"]) ? (report.status as LiveWord["status"]) : "unknown";
      await this.live(t, { status, waitingFor: report.waitingFor, source, at: result.startedAt });
    }
  }

  private sayOnce(key: string, line: string): void {
    if (this.said.get(key) === line) return;
    this.said.set(key, line);
    this.log(line);
  }
}
