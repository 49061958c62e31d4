import { dirname, join } from "node:path";
import { BACKENDS, DEFAULT_BACKEND, isBackendName } from "../backends/index.ts";
import type { PaneRecord } from "../tmux/formats.ts";
import type { Alerts } from "./alerts.ts";
import { refuse, type Applied } from "./apply.ts";
import { AppliedLog } from "./applied-log.ts";
import { journal, journalDropped } from "./journal.ts";
import type { Logger } from "./log.ts";
import { readSpool, removeSpooled, type SpoolRead, type SpooledEvent } from "./spool.ts";
import { knowsProcess, trackedFromPane, type Tracked } from "./tracked.ts";

/** What the intake needs of the daemon. */
export interface IntakeDeps {
  spool: string;
  tracked: Map<string, Tracked>;
  stopping: () => boolean;
  reconcile: () => Promise<void>;
  listPanes: () => Promise<PaneRecord[]>;
  setOptions: (pane: string, values: Record<string, string>) => Promise<void>;
  alerts: () => Alerts | null;
  /** Before the state machine takes a session's event (the exit chains look at typed prompts). */
  seen: (t: Tracked, event: SpooledEvent) => void;
  /** Hand the event to the session table (the only writer of state); answers what it changed. */
  hook: (t: Tracked, event: SpooledEvent, applied: () => void) => Promise<Applied>;
  /** After it was applied (failover looks for rate limits). */
  applied: (t: Tracked, applied: Applied) => void;
  log: Logger;
}

/**
 * How soon to look again when a pane's events wait behind a file still being written: at once, then
 * less often while nothing comes (a writer may now be waited for up to a minute; its rename wakes
 * the drain through the directory watch anyway).
 */
const PENDING_RETRY_MS = 10;
const PENDING_RETRY_MAX_MS = 250;
/** A drain longer than this is logged (it holds every pane's next events). */
const SLOW_DRAIN_MS = 2000;

/**
 * The hot path: hook events from the spool, in order per pane, one drain at a time (a drain
 * asked for while one runs makes it go round again). Panes are taken side by side, each pane's
 * events one after another. Each event is checked against its session's token, recorded as
 * applied (src/daemon/applied-log.ts), applied, journaled and removed.
 */
export class Intake {
  private draining: Promise<void> | null = null;
  private again = false;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = PENDING_RETRY_MS;
  private readonly appliedLog: AppliedLog;
  /** Spool entries that could be neither read, moved aside nor deleted: not looked at again. */
  private readonly unmovable = new Set<string>();

  constructor(private readonly deps: IntakeDeps) {
    this.appliedLog = new AppliedLog(join(dirname(deps.spool), "spool.applied"));
  }

  /** Take every event that is ready from the spool, in order. */
  drain(): Promise<void> {
    if (this.draining) { this.again = true; return this.draining; }
    this.draining = (async () => {
      do {
        this.again = false;
        const began = Date.now();
        const read = readSpool(this.deps.spool, began, this.unmovable);
        const readMs = Date.now() - began;
        this.report(read);
        const events = read.events.filter((e) => !this.appliedBefore(e));
        // An event from a process the daemon does not know in its pane (a session started or
        // restarted a moment ago: tmux says nothing of a respawn) reads tmux's panes first.
        if (events.some((e) => !knowsProcess(this.deps.tracked.get(e.pane), e.token))) await this.deps.reconcile().catch(() => undefined);
        const panes = new Map<string, SpooledEvent[]>();
        for (const e of events) {
          const list = panes.get(e.pane);
          if (list) list.push(e); else panes.set(e.pane, [e]);
        }
        const slowest = { ms: 0, what: "" };
        await Promise.all([...panes.values()].map(async (list) => {
          for (const e of list) {
            const at = Date.now();
            await this.take(e);
            const ms = Date.now() - at;
            if (ms > slowest.ms) Object.assign(slowest, { ms, what: `${e.event} for ${e.pane}` });
          }
        }));
        // A drain holds every pane's next events until its slowest pane is done: a long one is logged, with where the time went.
        const tookMs = Date.now() - began;
        if (tookMs > SLOW_DRAIN_MS) this.deps.log(`spool: slow drain: ${tookMs} ms for ${events.length} events of ${panes.size} panes (listing ${readMs} ms; the slowest event, ${slowest.what}, ${slowest.ms} ms)`);
        this.appliedLog.clear();
        this.retryMs = read.events.length > 0 ? PENDING_RETRY_MS : Math.min(this.retryMs * 2, PENDING_RETRY_MAX_MS);
        if (!read.pending) this.appliedLog.forgetLeftovers();
        else this.retry ??= setTimeout(() => { this.retry = null; void this.drain(); }, this.retryMs);
      } while (this.again && !this.deps.stopping());
    })().finally(() => { this.draining = null; });
    return this.draining;
  }

  close(): void {
    if (this.retry) clearTimeout(this.retry);
    this.appliedLog.close();
  }

  /** Log (and journal) what the spool could not take, and files taken over from their writers. */
  private report(read: SpoolRead): void {
    for (const t of read.tookOver) this.deps.log(`spool: took over ${t.name}: ${t.reason} (payload as far as it got)`);
    for (const d of read.dropped) {
      this.deps.log(`spool: dropped ${d.file}: ${d.reason}${d.kept ? "" : " (and it could not be moved aside or deleted)"}`);
      journalDropped(d.file, d.pane, d.event, d.reason);
    }
    for (const name of read.unmovable) this.unmovable.add(name);
  }

  /** A file whose event was applied before the daemon restarted is only removed. */
  private appliedBefore(event: SpooledEvent): boolean {
    if (!event.key || !this.appliedLog.appliedBefore(event.key)) return false;
    this.deps.log(`spool: ${event.event} for ${event.pane} was applied before a restart: removed, not applied again`);
    removeSpooled(event.file);
    return true;
  }

  private async take(event: SpooledEvent): Promise<void> {
    try {
      await this.ingest(event);
    } catch (error) {
      this.deps.log(`spool: ${event.event} for ${event.pane} failed: ${(error as Error).message}`);
      journal(event, "dropped", (error as Error).message);
      removeSpooled(event.file);
    }
  }

  private mark(event: SpooledEvent): void {
    if (event.key) this.appliedLog.mark(event.key);
  }

  private async ingest(event: SpooledEvent): Promise<void> {
    const { deps } = this;
    if (event.event === "watch-match") {
      this.mark(event);
      await deps.alerts()?.watchMatched(event.pane, event.payload);
      journal(event, "watch-match");
      removeSpooled(event.file);
      return;
    }
    if (event.event === "shell-failed") {
      this.mark(event);
      // From the shell integrations: only panes that are not agent sessions notify this way.
      if (!deps.tracked.has(event.pane)) await deps.alerts()?.commandFailed(event.pane, event.payload);
      removeSpooled(event.file);
      return;
    }
    let t = deps.tracked.get(event.pane);
    if (!t && event.global) t = await this.adopt(event);
    const refused = refuse(t, event);
    if (refused || !t) {
      deps.log(`dropped ${event.event} for ${event.pane}: ${refused}`);
      journal(event, "dropped", refused ?? "no session");
      removeSpooled(event.file);
      return;
    }
    if (event.event === "agentmux-exited" && typeof event.payload["status"] === "number") t.exitStatus = event.payload["status"];
    this.mark(event);
    deps.seen(t, event);
    // Journaled the moment it is applied, before the writes to tmux are awaited: an event marked
    // applied (above) is then in the journal too, even if the daemon dies right after.
    const applied = await deps.hook(t, event, () => journal(event, t.machine.state));
    deps.applied(t, applied);
    removeSpooled(event.file);
  }

  /** A pane whose agent runs the global hooks (started outside agentmux) becomes a session. */
  private async adopt(event: SpooledEvent): Promise<Tracked | undefined> {
    const { deps } = this;
    const record = (await deps.listPanes()).find((r) => r.pane === event.pane && r.dead !== "1");
    if (!record || record.backend) return deps.tracked.get(event.pane);
    const cwd = typeof event.payload["cwd"] === "string" ? event.payload["cwd"] : record.path;
    const backend = isBackendName(event.agent) ? event.agent : DEFAULT_BACKEND;
    await deps.setOptions(event.pane, { "@agentmux-backend": backend, "@agentmux-icon": BACKENDS[backend].icon, "@agentmux-dir": cwd, "@agentmux-started": String(Date.now()) });
    const t = trackedFromPane({ ...record, backend, dir: cwd });
    deps.tracked.set(t.pane, t);
    deps.log(`adopted ${t.pane} (${backend}, global hooks) in ${cwd}`);
    return t;
  }
}
