import { hasCredentials, poolsOf } from "../accounts/accounts.ts";
import { decideFailover, restartedText, restartFailedText, type FailoverSubject, type FailoverTrigger } from "../accounts/failover.ts";
import { currentReading, isExhausted } from "../accounts/reading.ts";
import type { ReadingLookup } from "../accounts/resolve.ts";
import type { UsageRecord } from "../accounts/usage-store.ts";
import { isAccountBackend } from "../backends/account-homes.ts";
import type { Config } from "../config/config.ts";
import { sessionLabel } from "./labels.ts";
import type { Applied } from "./apply.ts";
import type { Logger } from "./log.ts";
import type { RestartRunner } from "./restart-child.ts";
import type { Tracked } from "./tracked.ts";

export interface FailoverDeps {
  tracked: Map<string, Tracked>;
  /** Read for each decision: the config may change while the daemon runs. */
  config: () => Config;
  readings: ReadingLookup;
  /** Tell the user (about the session t, named in the text). */
  notify: (text: string, t: Tracked) => Promise<void>;
  /** A snoozed session raises no alerts: its failover notices only go to the log. */
  snoozed?: (pane: string) => Promise<boolean>;
  restart: RestartRunner;
  log: Logger;
  now?: () => number;
}

/**
 * One limit episode of one session's process on one account: opened when it was found limited,
 * closed by a turn that ends normally (a rate limit) or a reading that is no longer limited.
 * deferred: auto waits for the turn to end; restarting/restarted: the process is being replaced.
 */
interface Episode { token: string; account: string; trigger: FailoverTrigger; status: "notified" | "deferred" | "restarting" | "restarted" }

// Between turns: the only states a session is restarted in.
const BETWEEN_TURNS = new Set(["waiting", "idle"]);

/**
 * accounts.failover in the daemon: a session whose turn ended on a rate limit, or whose account's
 * reading turned limited, is told about (naming the best pool member) at most once per episode,
 * and with auto restarted under that member once its turn has ended.
 */
export class Failover {
  private readonly episodes = new Map<string, Episode>();
  private readonly now: () => number;

  constructor(private readonly deps: FailoverDeps) {
    this.now = deps.now ?? Date.now;
  }

  // The daemon does not wait for these (a restart takes seconds): each settles without throwing.

  /** Every hook event the daemon applied to a session: what it meant (src/daemon/apply.ts). */
  eventApplied(t: Tracked, applied: Pick<Applied, "stopped" | "rateLimited">): Promise<void> {
    if (applied.rateLimited) return this.guard(this.limited(t, "rate-limited"));
    const episode = this.episode(t);
    if (episode?.trigger === "rate-limited" && episode.status === "notified" && applied.stopped) this.episodes.delete(t.pane);
    return Promise.resolve();
  }

  /** Every usage record the poller changed. */
  readingChanged(record: UsageRecord): Promise<void> {
    const reading = record.reading;
    if (!reading) return Promise.resolve();
    const exhausted = isExhausted(currentReading(reading, this.now()));
    const sessions = [...this.deps.tracked.values()].filter((t) => t.backend === record.backend && t.record.account === record.account && t.machine.state !== "exited");
    // Sessions told that no member had room, on other accounts of the backend: every new reading
    // weighs them again (a member may have room now), not only a change of their own account's.
    const told = [...this.deps.tracked.values()].filter((t) => t.backend === record.backend && t.record.account !== record.account && t.machine.state !== "exited" && this.episode(t)?.status === "notified");
    if (!exhausted) {
      for (const t of sessions) if (this.episode(t)?.trigger === "reading-limited" && this.episode(t)?.status !== "restarting") this.episodes.delete(t.pane);
    }
    const limitedNow = exhausted ? sessions : [];
    // At most LIMITS.failoverRestarts restarts at once (docs/limits.md); p-queue loads on the first one.
    return this.guard(import("../util/limit.ts").then(({ LIMITS, mapLimited }) => mapLimited([...limitedNow.map((t) => ({ t, again: false })), ...told.map((t) => ({ t, again: true }))], LIMITS.failoverRestarts,
      ({ t, again }) => (again ? this.reconsider(t) : this.limited(t, "reading-limited")))).then(() => undefined));
  }

  /** A session already told no member had room: weighed again; only a move (now or after its turn) reopens its episode, never the same notice twice. */
  private async reconsider(t: Tracked): Promise<void> {
    const episode = this.episode(t);
    if (!episode || episode.status !== "notified") return;
    const action = this.decide(t, episode.trigger);
    if (!action || action.kind === "none" || action.kind === "notify") return;
    this.episodes.delete(t.pane);
    await this.limited(t, episode.trigger);
  }

  /** What failover would do for a session now (null: it cannot be weighed, the config did not load). */
  private decide(t: Tracked, trigger: FailoverTrigger): ReturnType<typeof decideFailover> | null {
    let config: Config;
    try {
      config = this.deps.config();
    } catch {
      return null;
    }
    const backend = t.backend;
    if (!isAccountBackend(backend)) return null;
    const account = t.record.account;
    const entry = config.backends[backend]?.accounts?.[account];
    const pool = entry?.pool === undefined ? undefined : poolsOf(config, backend).find((p) => p.name === entry.pool);
    return decideFailover({
      session: sessionLabel(t, this.deps.tracked.values(), config.display.backendSuffix), backend, account, trigger,
      mode: config.accounts.failover,
      pool: pool && { name: pool.name, members: pool.members.map((m) => ({ name: m.name, hasCredentials: hasCredentials(backend, m), reading: this.deps.readings(backend, m.name) })) },
      busy: !BETWEEN_TURNS.has(t.machine.state),
      staleAfterMs: config.usage.staleAfter * 1000,
      now: this.now(),
    });
  }

  /** Every change of a session's state: a deferred failover runs once the turn has ended. */
  stateChanged(t: Tracked): Promise<void> {
    const episode = this.episode(t);
    if (!episode || episode.status !== "deferred") return Promise.resolve();
    if (t.machine.state === "exited") { this.episodes.delete(t.pane); return Promise.resolve(); }
    if (!BETWEEN_TURNS.has(t.machine.state)) return Promise.resolve();
    this.episodes.delete(t.pane);
    return this.guard(this.limited(t, episode.trigger));
  }

  private guard(work: Promise<void>): Promise<void> {
    return work.catch((error: unknown) => this.deps.log(`failover: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** The open episode of this session's current process and account. */
  private episode(t: Tracked): Episode | undefined {
    const episode = this.episodes.get(t.pane);
    if (episode && (episode.token !== t.tokenHash || episode.account !== t.record.account)) {
      this.episodes.delete(t.pane);
      return undefined;
    }
    return episode;
  }

  private async limited(t: Tracked, trigger: FailoverTrigger): Promise<void> {
    const account = t.record.account;
    if (!account || !isAccountBackend(t.backend) || t.machine.state === "exited" || this.episode(t)) return;
    let config: Config;
    try {
      config = this.deps.config();
    } catch (error) {
      this.deps.log(`failover: config: ${(error as Error).message.split("\n")[0]}`);
      return;
    }
    const backend = t.backend;
    const entry = config.backends[backend]?.accounts?.[account];
    const pool = entry?.pool === undefined ? undefined : poolsOf(config, backend).find((p) => p.name === entry.pool);
    const subject: FailoverSubject = { session: sessionLabel(t, this.deps.tracked.values(), config.display.backendSuffix), backend, account, trigger };
    const action = decideFailover({
      ...subject,
      mode: config.accounts.failover,
      pool: pool && { name: pool.name, members: pool.members.map((m) => ({ name: m.name, hasCredentials: hasCredentials(backend, m), reading: this.deps.readings(backend, m.name) })) },
      busy: !BETWEEN_TURNS.has(t.machine.state),
      staleAfterMs: config.usage.staleAfter * 1000,
      now: this.now(),
    });
    if (action.kind === "none") return;
    const episode: Episode = { token: t.tokenHash, account, trigger, status: "notified" };
    this.episodes.set(t.pane, episode);
    const tell = async (text: string) => {
      if (await this.deps.snoozed?.(t.pane)) this.deps.log(`failover (snoozed, not notified): ${text}`);
      else await this.deps.notify(text, t);
    };
    if (action.kind === "notify") {
      await tell(action.text);
    } else if (action.kind === "defer") {
      episode.status = "deferred";
      this.deps.log(`failover: ${t.pane} (${account} ${trigger}) is ${t.machine.state}; restarting under ${action.member} when its turn ends`);
    } else {
      episode.status = "restarting";
      this.deps.log(`failover: restarting ${t.pane} (${account} ${trigger}) under ${action.member} of pool ${action.pool}`);
      const outcome = await this.deps.restart(t.pane, action.member);
      episode.status = outcome.ok ? "restarted" : "notified";
      if (!outcome.ok) this.deps.log(`failover: restart of ${t.pane} failed: ${outcome.message}`);
      await tell(outcome.ok ? restartedText(subject, action.member, outcome.id, outcome.fresh) : restartFailedText(subject, action.member, outcome.message));
    }
  }
}
