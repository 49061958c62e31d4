import { isBackendName } from "../backends/index.ts";
import type { PaneRecord } from "../tmux/formats.ts";
import type { Alerts } from "./alerts.ts";
import { refuse, type Applied } from "./apply.ts";
import { journal } from "./journal.ts";
import type { Logger } from "./log.ts";
import { readSpool, removeSpooled, type SpooledEvent } from "./spool.ts";
import { trackedFromPane, type Tracked } from "./tracked.ts";

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
  hook: (t: Tracked, event: SpooledEvent) => Promise<Applied>;
  /** After it was applied (failover looks for rate limits). */
  applied: (t: Tracked, applied: Applied) => void;
  log: Logger;
}

/**
 * The hot path: hook events from the spool, in order, one drain at a time (a drain asked for while
 * one runs makes it go round again). Each event is checked against its session's token, applied,
 * journaled and removed.
 */
export class Intake {
  private draining: Promise<void> | null = null;
  private again = false;

  constructor(private readonly deps: IntakeDeps) {}

  /** Take every event that is ready from the spool, in order. */
  drain(): Promise<void> {
    if (this.draining) { this.again = true; return this.draining; }
    this.draining = (async () => {
      do {
        this.again = false;
        const { events, pending } = readSpool(this.deps.spool);
        if (events.some((e) => !this.deps.tracked.has(e.pane))) await this.deps.reconcile().catch(() => undefined);
        for (const event of events) await this.ingest(event);
        if (pending) setTimeout(() => void this.drain(), 5);
      } while (this.again && !this.deps.stopping());
    })().finally(() => { this.draining = null; });
    return this.draining;
  }

  private async ingest(event: SpooledEvent): Promise<void> {
    const { deps } = this;
    if (event.event === "watch-match") {
      await deps.alerts()?.watchMatched(event.pane, event.payload);
      removeSpooled(event.file);
      return;
    }
    if (event.event === "shell-failed") {
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
      journal(event, "dropped");
      removeSpooled(event.file);
      return;
    }
    if (event.event === "agentmux-exited" && typeof event.payload["status"] === "number") t.exitStatus = event.payload["status"];
    deps.seen(t, event);
    const applied = await deps.hook(t, event);
    journal(event, t.machine.state);
    deps.applied(t, applied);
    removeSpooled(event.file);
  }

  /** A pane whose agent runs the global hooks (started outside agentmux) becomes a session. */
  private async adopt(event: SpooledEvent): Promise<Tracked | undefined> {
    const { deps } = this;
    const record = (await deps.listPanes()).find((r) => r.pane === event.pane && r.dead !== "1");
    if (!record || record.backend) return deps.tracked.get(event.pane);
    const cwd = typeof event.payload["cwd"] === "string" ? event.payload["cwd"] : record.path;
    const backend = isBackendName(event.agent) ? event.agent : "claude";
    await deps.setOptions(event.pane, { "@agentmux-backend": backend, "@agentmux-dir": cwd, "@agentmux-started": String(Date.now()) });
    const t = trackedFromPane({ ...record, backend, dir: cwd });
    deps.tracked.set(t.pane, t);
    deps.log(`adopted ${t.pane} (${backend}, global hooks) in ${cwd}`);
    return t;
  }
}
