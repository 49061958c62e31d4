import { readdirSync, watch, unlinkSync, type FSWatcher } from "node:fs";
import { BACKENDS, isBackendName } from "../backends/index.ts";
import { recordedAnswerOf } from "../backends/hooks.ts";
import type { Server } from "node:net";
import { cleanLine } from "../tmux/safe-text.ts";
import { ControlClient } from "../tmux/control.ts";
import type { ControlMessage } from "../tmux/control-parser.ts";
import type { PaneRecord } from "../tmux/formats.ts";
import type { TmuxServer } from "../tmux/server.ts";
import { Tmux } from "../tmux/tmux.ts";
import { shownState, type MachineEvent } from "../core/state-machine.ts";
import type { InputWord, LiveWord } from "../core/evidence.ts";
import { ensureLayout, type DaemonLayout } from "./places.ts";
import type { Logger } from "./log.ts";
import { removeMirror, writeMirror } from "./mirror.ts";
import { listen } from "./socket-server.ts";
import { takeLifeLock, type LifeLock } from "../util/life-lock.ts";
import { Teardown } from "./teardown.ts";
import { trackedFromPane, type Tracked } from "./tracked.ts";
import { readStatusFile, removeStatusFile } from "./status-files.ts";
import { readLiveWord } from "./live-poller.ts";
import { LiveQueries } from "./live-queries.ts";
import { explainSession } from "./explain.ts";
import { handleRequest } from "./requests.ts";
import { Waiters } from "./waiters.ts";
import { SessionTable, type Change } from "./session-table.ts";
import type { DaemonPort } from "./port.ts";
import type { Response } from "./protocol.ts";
import { SCREEN_TICK_MS } from "./screen-watch.ts";
import { ScreenState } from "./screen-state.ts";
import { Alerts } from "./alerts.ts";
import { StatusPush } from "./status-push.ts";
import { SideReport } from "./side-report.ts";
import type { UsagePoller } from "../accounts/usage-poller.ts";
import { isAccountBackend } from "../backends/account-homes.ts";
import { startUsagePoller } from "./usage-start.ts";
import { recordEnded } from "./ended.ts";
import { exitedFile, forgetExited } from "../session/exited.ts";
import { Notifier } from "./notifier.ts";
import { NoticeLog } from "./notice-log.ts";
import { noticesFile } from "../session/notices.ts";
import { recordRestorable, type Recorded } from "./restore-record.ts";
import { ExitChains } from "../lifecycle/exit-driver.ts";
import { Intake } from "./intake.ts";
import { Failover } from "./restart-on-limit.ts";
import { restartByChild } from "./restart-child.ts";
import type { Config } from "../config/config.ts";
import { ConfigSource } from "../config/source.ts";
import { RemoteControl } from "../remote/control.ts";
import { AskBook } from "./ask-book.ts";
import { lastAnswer, transcriptTurns } from "./last-answer.ts";
import { Inbox } from "./inbox.ts";
import { Feed } from "./feed.ts";
import { PaneOutputs } from "./pane-output.ts";
import { HostLinks } from "../hosts/links.ts";
import { remoteInboxItems } from "../hosts/inbox.ts";
import { HostAlerts } from "../hosts/alerts.ts";
import { ChiefLoop } from "../chief/loop.ts";
import { ReviewQueue } from "../branch/review-queue.ts";
import { chiefRecordFile } from "../chief/places.ts";
import { hostCounts } from "../hosts/segment.ts";
import { hostsForPage } from "../hosts/page.ts";
import { listSessions } from "../session/store.ts";
import type { ScreenSighting } from "./screen-watch.ts";

/** How long a prompt the status line names waits for its hook before it counts as a turn begun outside the hooks. */
const STATUS_TURN_MS = 1500;

// Notifications after which the set of panes (or their liveness) may have changed.
const PANE_CHANGES = new Set(["window-add", "window-close", "unlinked-window-add", "unlinked-window-close", "layout-change", "sessions-changed", "session-closed", "pane-mode-changed"]);
const FOCUS_CHANGES = new Set(["window-pane-changed", "session-window-changed", "client-session-changed", "session-changed"]);

export interface DaemonOptions { layout: DaemonLayout; server: TmuxServer; log: Logger; onExit: (reason: string) => void }

/** The watcher: event intake, state, the status segment, for one tmux server. */
/** Another daemon already runs for this tmux server (its pid, 0 while it writes it down). */
export class AnotherDaemon extends Error {
  constructor(readonly holder: number) {
    super(`another agentmux daemon${holder ? ` (pid ${holder})` : ""} already runs for this tmux server`);
  }
}

export class Daemon implements DaemonPort {
  /** The only writer of sessions' state; the reactions below subscribe to it. */
  readonly table: SessionTable;
  readonly client: ControlClient;
  /** tmux over the control connection. */
  readonly tmux: Tmux;
  readonly teardown: Teardown;
  private socketServer: Server | null = null;
  private lock: LifeLock | null = null;
  private watchers: FSWatcher[] = [];
  private timers: NodeJS.Timeout[] = [];
  private reconcileTimer: NodeJS.Timeout | null = null;
  /** The restore registry as this daemon last recorded it (not read again while nothing changed). */
  private readonly recorded: Recorded = {};
  private status: StatusPush | null = null;
  private usage: UsagePoller | null = null;
  private stopping = false;
  readonly waiters = new Waiters();
  readonly exits = new ExitChains(this, (line) => this.log(line));
  private readonly intake: Intake;
  private readonly liveQueries: LiveQueries;
  private screens: ScreenState | null = null;
  private alerts: Alerts | null = null;
  private sideReport: SideReport | null = null;
  private failover: Failover | null = null;
  /** The notifications given, and which the user has seen (read by agentmux next). */
  private notices: NoticeLog | null = null;
  private serverId = "";
  /** The phone page (src/remote/): served on `agentmux remote start` or with remote.enabled. */
  readonly remote: RemoteControl;
  /** The one config: every part of the daemon reads it here. */
  private readonly configSource: ConfigSource;
  /** What each blocked or waiting session wants or said (@agentmux-ask). */
  readonly asks: AskBook;
  /** The sessions that need the user, for the inbox requests and their subscribers. */
  readonly inbox: Inbox;
  /** Every session and the inbox, pushed to `agentmux stream` (another machine's view of this one). */
  readonly feed: Feed;
  /** One pane's output pushed as it changes, for `agentmux stream` (another machine's phone page). */
  readonly outputs: PaneOutputs;
  /** The links to other machines' daemons (config hosts, src/hosts/). */
  private hosts: HostLinks | null = null;
  /** The chief of staff's timer and heartbeats (src/chief/). */
  chief: ChiefLoop | null = null;

  constructor(private readonly options: DaemonOptions) {
    // %output is not used (screens are captured when they changed): no-output spares parsing every byte agents print.
    this.client = new ControlClient({ server: options.server, attachFlags: ["ignore-size", "no-output"] });
    this.tmux = new Tmux(options.server, this.client);
    this.teardown = new Teardown(options.log);
    this.configSource = new ConfigSource((line) => this.log(line));
    // A hook channel exists once the session delivered a hook event (a plain command, or a CLI run without agentmux's hooks, has none).
    this.table = new SessionTable((line) => this.log(line), (t) => t.machine.hooked === true);
    this.table.subscribe((change) => this.afterChange(change));
    this.liveQueries = new LiveQueries((t, word) => this.liveWord(t, word), (line) => this.log(line));
    this.intake = new Intake({
      spool: this.options.layout.spool,
      tracked: this.tracked,
      stopping: () => this.stopping,
      reconcile: () => this.reconcile(),
      listPanes: () => this.listPanes(),
      setOptions: (pane, values) => this.setOptions(pane, values),
      alerts: () => this.alerts,
      seen: (t, event) => this.exits.prompted(t.pane, event),
      // The hook's material first: the change the event makes publishes the Ask it tells of.
      hook: (t, event, applied) => { this.asks.hookEvent(t, event.event, event.payload); return this.table.hook(t, event, applied); },
      applied: (t, applied) => void this.failover?.eventApplied(t, applied),
      log: (line) => this.log(line),
    });
    this.remote = new RemoteControl({
      tracked: this.tracked, tmux: this.tmux, sendTmux: new Tmux(options.server), stateDir: options.layout.stateDir,
      config: () => this.config(), typed: (pane, kind, at) => this.typed(pane, kind, at), manifest: (t) => this.screens?.manifestOf(t) ?? null,
      restart: restartByChild(options.layout.tmuxSocket, 90_000), readings: (b, a) => this.usage?.reading(b, a), log: (line) => this.log(line),
      elsewhere: hostsForPage(() => this.hosts, () => this.config().hosts, options.layout.dir),
      extra: () => this.chief?.items() ?? [],
    });
    this.inbox = new Inbox({ tracked: () => this.tracked.values(), ask: (pane) => this.asks.get(pane), paneLines: (format) => this.tmux.paneLines(format), backendSuffix: () => this.config().display.backendSuffix, remote: () => remoteInboxItems(this.hosts?.snapshots() ?? []), extra: () => this.chief?.items() ?? [], quiet: (pane) => this.chief?.quiet(pane) === true, log: (line) => this.log(line) });
    this.feed = new Feed({ sessions: () => listSessions(this.tmux, { backendSuffix: this.config().display.backendSuffix, includeExited: true }), inbox: () => this.inbox.items(), log: (line) => this.log(line) });
    this.inbox.onChange(() => this.feed.changed());
    this.outputs = new PaneOutputs({ tmux: this.tmux, lines: () => this.config().remote.outputLines, log: (line) => this.log(line) });
    this.table.subscribe((change) => this.outputs.sessionChanged(change.t));
    this.asks = new AskBook({
      setOption: (pane, name, value) => this.tmux.setOption({ pane }, name, value),
      unsetOption: (pane, name) => this.tmux.unsetOption({ pane }, name),
      capture: (pane) => this.tmux.tryCapture(pane, { join: false }),
      manifest: (t) => this.screens?.manifestOf(t) ?? null,
      lastAnswer: (t) => lastAnswer(t, this.config()),
      recordedAnswer: (t, event, payload) => recordedAnswerOf(t.backend, event, payload),
      changed: (pane) => { this.inbox.changed(); this.alerts?.askChanged(pane); },
      log: (line) => this.log(line),
    });
  }

  get layout(): DaemonLayout { return this.options.layout; }
  get tracked(): Map<string, Tracked> { return this.table.tracked; }
  private log(line: string): void { this.options.log(line); }
  config(): Config { return this.configSource.get(); }

  async start(): Promise<void> {
    ensureLayout(this.layout);
    // One daemon per tmux server, decided before anything is touched: two daemons would both
    // decide, set options and notify (every state and notification twice).
    const lock = takeLifeLock(this.layout.pidFile);
    if (!("release" in lock)) throw new AnotherDaemon(lock.holder);
    this.lock = lock;
    this.client.on("server-gone", () => void this.stop("the tmux server is gone"));
    this.client.on("notification", (m: ControlMessage) => {
      if (m.type !== "notification") return;
      if (PANE_CHANGES.has(m.name)) this.scheduleReconcile();
      if (FOCUS_CHANGES.has(m.name)) void this.checkFocus();
    });
    this.client.on("connected", () => this.scheduleReconcile());
    await this.client.connect();
    this.status = new StatusPush(this.tmux, (line) => this.log(line));
    this.startUsage();
    // What the usage poller reads is fixed when it starts: a change to it starts a new one.
    this.configSource.onChange((next, previous) => {
      if (usageKey(next) !== usageKey(previous)) this.startUsage();
      if (JSON.stringify(next.remote) !== JSON.stringify(previous.remote)) void this.remote.configChanged();
      if (JSON.stringify(next.hosts) !== JSON.stringify(previous.hosts)) this.hosts?.sync(next.hosts);
    });
    this.configSource.watch();
    const notices = new NoticeLog(noticesFile(this.layout.stateDir, this.layout.key), (line) => this.log(line));
    this.notices = notices;
    const notifier = new Notifier(this.tmux, (line) => this.log(line), () => this.config().notify, this.layout.tmuxSocket, (notice) => notices.add(notice));
    // A notification whose hook named no detail takes what the inbox shows (a plan's heading, a dialog read from the screen).
    const alerts = new Alerts(this.tmux, notifier, () => this.tracked.values(), () => this.config().display.backendSuffix, (t) => this.asks.get(t.pane), () => this.readIdentities());
    this.alerts = alerts;
    const failoverNote = (text: string, t: Tracked) => notifier.notify({ text, pane: t.pane, tokenHash: t.tokenHash, name: alerts.nameOf(t), backend: t.backend, state: t.machine.state, reason: "failover" });
    this.failover = new Failover({ tracked: this.tracked, config: () => this.config(), readings: (b, a) => this.usage?.reading(b, a), notify: failoverNote, snoozed: async (pane) => (await this.alerts?.isSnoozed(pane)) === true, restart: restartByChild(this.layout.tmuxSocket), log: (line) => this.log(line) });
    // The chief of staff (src/chief/): its heartbeat turns are its own business, not the alerts' nor the inbox's.
    const chief = new ChiefLoop({
      tracked: () => this.tracked.values(), config: () => this.config(), sendTmux: new Tmux(this.options.server),
      typed: (pane, kind, at) => this.typed(pane, kind, at), notify: (note) => notifier.notify(note), changed: () => { this.inbox.changed(); this.remote.sessionsChanged(); void this.renderStatus(); },
      turns: (t) => transcriptTurns(t, this.config()), recordFile: chiefRecordFile(this.layout.stateDir, this.layout.key), log: (line) => this.log(line),
    });
    this.chief = chief;
    alerts.quiet = (pane) => chief.quiet(pane);
    if (this.status) this.status.quiet = (pane) => chief.quiet(pane);
    this.table.subscribe((change) => chief.sessionChanged(change.t));
    // Review comments for a session that was busy (agentmux review, src/branch/): typed in when its turn ends.
    const reviews = new ReviewQueue({ stateDir: this.layout.stateDir, tmux: new Tmux(this.options.server), typed: (pane, kind, at) => this.typed(pane, kind, at), log: (line) => this.log(line) });
    this.table.subscribe((change) => reviews.sessionChanged(change.t));
    this.sideReport = new SideReport(this.tmux, () => this.config().side.reportParentStatus);
    this.screens = new ScreenState(this.tmux, (line) => this.log(line), (t, word, screen) => this.screenSaid(t, word, screen), (pane) => { this.remote.screenChanged(pane); this.outputs.changed(pane); });
    await this.tmux.setEnvironment("AGENTMUX_SOCK", this.layout.socket);
    this.serverId = (await this.tmux.serverId()).split("\n")[0] ?? "";
    notices.load(this.serverId);
    await this.reconcile();
    this.watchers.push(watch(this.layout.spool, () => void this.intake.drain()));
    this.watchers.push(watch(this.layout.status, (_event, name) => { if (name) void this.statusChanged(String(name)); }));
    // A safety net for lost inotify events, and for writers still writing at the last look.
    this.timers.push(setInterval(() => void this.intake.drain(), 1000));
    this.timers.push(setInterval(() => this.scheduleReconcile(), 3000));
    this.timers.push(setInterval(() => void this.pollLive(), 2000));
    this.timers.push(setInterval(() => void this.screens?.tick(this.tracked).catch((e: Error) => this.log(`screen watch: ${e.message}`)), SCREEN_TICK_MS));
    // Settle times pass without new evidence: weigh every session again.
    this.timers.push(setInterval(() => void this.table.tick().catch((e: Error) => this.log(`decision: ${e.message}`)), SCREEN_TICK_MS));
    await this.intake.drain();
    // Listen last: whoever sees the socket answer (ensureDaemon) finds the environment set and
    // the sessions known.
    this.socketServer = await listen(this.layout.socket, (req, socket) => handleRequest(this, req, socket));
    for (const backend of Object.values(BACKENDS)) {
      const line = backend.housekeeping?.(this.layout.stateDir, Date.now());
      if (line) this.log(line);
    }
    this.log(`started pid ${process.pid} for tmux ${this.layout.tmuxSocket}`);
    if (this.config().remote.enabled) await this.remote.configChanged();
    // Other machines (src/hosts/): their asks join the inbox, their sessions the segment's counts, their needs the notifications.
    const hostAlerts = new HostAlerts((note) => notifier.notify(note));
    this.hosts = new HostLinks({ dir: this.layout.dir, log: (line) => this.log(line), changed: (snapshot) => { this.inbox.remoteChanged(); hostAlerts.update(snapshot); this.remote.sessionsChanged(); void this.renderStatus(); } });
    this.status.hosts = () => hostCounts(this.hosts?.snapshots() ?? []);
    this.hosts.sync(this.config().hosts);
    chief.start();
  }

  async stop(reason: string): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.log(`stopping: ${reason}`);
    for (const w of this.watchers) w.close();
    for (const t of this.timers) clearInterval(t);
    this.waiters.close();
    this.inbox.close();
    this.feed.close();
    this.outputs.close();
    this.hosts?.close();
    this.chief?.stop();
    this.exits.close();
    this.intake.close();
    this.usage?.stop();
    this.configSource.close();
    await this.remote.close().catch(() => undefined);
    // The socket is ours only once we listened, the pid file once we took it.
    if (this.socketServer) {
      this.socketServer.close();
      try { unlinkSync(this.layout.socket); } catch { /* gone */ }
    }
    this.lock?.release();
    await this.client.close().catch(() => undefined);
    this.options.onExit(reason);
  }

  private startUsage(): void {
    this.usage?.stop();
    if (this.status) this.status.quota = undefined;
    this.usage = startUsagePoller(this.config(), this.tracked, this.layout.stateDir, (line) => this.log(line), (text) => void this.tmux.displayMessage(text).catch(() => undefined), this.status ?? undefined, () => void this.renderStatus(), (record) => void this.failover?.readingChanged(record));
  }

  async setOptions(pane: string | "global", values: Record<string, string>): Promise<void> {
    const scope = pane === "global" ? "global" : { pane };
    await Promise.all(Object.entries(values).map(([name, value]) => this.tmux.setOption(scope, name, value).catch((e: Error) => this.log(`set ${name} on ${pane}: ${e.message}`))));
  }

  private scheduleReconcile(): void {
    if (this.reconcileTimer) return;
    this.reconcileTimer = setTimeout(() => { this.reconcileTimer = null; void this.reconcile().catch((e: Error) => this.log(`reconcile: ${e.message}`)); }, 30);
  }

  private async listPanes(): Promise<PaneRecord[]> {
    return this.tmux.listPanes();
  }

  /** Bring the tracked set in line with tmux: new sessions, replaced processes, dead and vanished panes. */
  async reconcile(): Promise<void> {
    const records = await this.listPanes();
    const seen = new Set<string>();
    for (const r of records) {
      if (!r.backend) continue;
      seen.add(r.pane);
      let t = this.tracked.get(r.pane);
      if (!t || t.tokenHash !== r.tokenHash) {
        const replacing = t !== undefined;
        if (t) this.finish(t, "replaced by a new process");
        t = trackedFromPane(r, { replacing });
        this.tracked.set(r.pane, t);
        // The old process's state, written again after the restart cleared it, is not the new one's.
        if (replacing && (r.state !== "" || r.machine !== "")) await this.setOptions(r.pane, { "@agentmux-state": "", "@agentmux-state-since": "", "@agentmux-machine": "" });
        this.teardown.register(t.pane, "mirror file", () => removeMirror(this.layout.mirror, t!.pane));
        this.teardown.register(t.pane, "screen watch", () => this.screens?.forget(t!.pane));
        this.teardown.register(t.pane, "ask", () => this.asks.forget(t!.pane));
        this.teardown.register(t.pane, "status file", () => removeStatusFile(this.layout.status, t!.pane, t!.tokenHash));
        writeMirror(this.layout.mirror, t.pane, t.machine.state, t.tokenHash);
        // A status line written before the pane was tracked was not read then (its watch event
        // found no session): read it now.
        for (const name of statusFilesOf(this.layout.status, t.pane)) void this.statusChanged(name);
        // A session found blocked or waiting (a daemon restarted): its Ask from the screen and the transcript.
        if (t.machine.state === "blocked" || t.machine.state === "waiting") void this.asks.stateChanged(t).catch((e: Error) => this.log(`ask of ${t!.pane}: ${e.message}`));
      }
      t.panePid = Number(r.pid) || t.panePid;
      t.record = r;
      if ((r.dead === "1" || r.exitStatus !== "") && t.machine.state !== "exited") {
        await this.applyMachine(t, { kind: "exited", at: Date.now() }, "process", "process-exited", "the pane's process ended");
        this.finish(t, "process exited");
      }
    }
    for (const [pane, t] of this.tracked) {
      if (seen.has(pane)) continue;
      // Torn down first: the pane and its options are gone, there is nothing to set on it.
      t.gone = true;
      this.finish(t, "pane closed");
      if (t.machine.state !== "exited") await this.applyMachine(t, { kind: "exited", at: Date.now() }, "process", "pane-closed", "the pane closed");
      this.tracked.delete(pane);
    }
    this.teardown.checkLeaks(this.layout, new Set(this.tracked.keys()));
    this.recordRestorable();
    await this.alerts?.snoozesEnded(this.tracked.values());
    await this.renderStatus();
    await this.checkFocus();
    this.remote.sessionsChanged();
    // Snoozes and keys are pane options other commands set: the inbox looks again.
    this.inbox.changed();
  }

  /** Keep an ended session listed as exited, answer waiters, update the restore registry. */
  private ended(t: Tracked): void {
    recordEnded(this.layout, this.serverId, t, (line) => this.log(line));
    this.waiters.changed(t.pane, "exited", Date.now());
    this.recordRestorable();
  }

  /** The restore registry (src/daemon/restore-record.ts): on every start, learned id and end. */
  private recordRestorable(): void {
    try {
      recordRestorable(this.layout, this.serverId, this.tracked.values(), this.recorded);
    } catch (error) {
      this.log(`could not write the restore registry: ${(error as Error).message}`);
    }
  }

  /** The sessions' identities as tmux has them now (a rename may have come since the last look). */
  private async readIdentities(): Promise<void> {
    for (const r of await this.listPanes()) { const t = this.tracked.get(r.pane); if (t) t.record = r; }
  }

  /** End sessions' processes on request (agentmux kill): each stays listed as exited. */
  async kill(panes: string[]): Promise<number> {
    let killed = 0;
    // The identity as it is now (a rename may have come since the last look), for the exited registry.
    await this.readIdentities();
    for (const pane of panes) {
      const t = this.tracked.get(pane);
      if (!t || t.machine.state === "exited") continue;
      t.killed = true;
      await this.applyMachine(t, { kind: "exited", at: Date.now() }, "process", "killed", "agentmux kill");
      await this.tmux.killPane(pane).catch((e: Error) => this.log(`kill ${pane}: ${e.message}`));
      this.finish(t, "killed by agentmux kill");
      this.tracked.delete(pane);
      killed++;
    }
    this.recordRestorable();
    await this.renderStatus();
    return killed;
  }

  /** After a routing decision (agentmux new, restart, handoff): fetch the pool's readings now (not waiting out the interval). */
  refreshPool(backend: string, pool: string): number {
    if (!this.usage || !isAccountBackend(backend)) return 0;
    const targets = this.usage.poolTargets(backend, pool);
    void this.usage.poll(targets, "refresh").catch((e: Error) => this.log(`usage refresh of ${pool}: ${e.message}`));
    return targets.length;
  }

  /** The single owner of a session's cleanup: runs once, whoever notices the end first. */
  private finish(t: Tracked, why: string): void {
    if (t.tornDown) return;
    t.tornDown = true;
    this.teardown.run(t.pane, why);
  }

  private async applyMachine(t: Tracked, event: MachineEvent, channel: "process" | "focus" | "live", rule: string, why: string): Promise<void> {
    await this.table.machine(t, event, channel, rule, why);
  }

  /** An event of the session's life that no channel reports (an exit chain armed or ended): applied as it is. */
  async mark(pane: string, event: MachineEvent, why: string): Promise<void> {
    const t = this.tracked.get(pane);
    if (t) await this.applyMachine(t, event, "process", event.kind, why);
  }

  /** Something agentmux typed into a session (send, keys, an exit chain's skill). */
  async typed(pane: string, kind: InputWord["kind"], at = Date.now()): Promise<void> {
    const t = this.tracked.get(pane);
    if (!t) return;
    await this.table.input(t, kind, Math.min(at, Date.now()));
    this.screens?.look(pane);
    this.inbox.changed();
  }

  async published(pane: string): Promise<void> {
    const t = this.tracked.get(pane);
    if (t) await this.table.published(t);
  }

  forgetExited(pane: string): boolean {
    try {
      return forgetExited(exitedFile(this.layout.stateDir, this.layout.key), this.serverId, pane);
    } catch (error) {
      this.log(`could not drop ${pane} from the exited list: ${(error as Error).message}`);
      return false;
    }
  }

  explain(pane: string): Response {
    const t = this.tracked.get(pane);
    return t ? explainSession(this.table, t) : { ok: false, error: `no agentmux session in pane ${pane}` };
  }


  /** The reaction to every change the session table makes: the state options, the mirror, and the reactions that follow it. */
  private async afterChange(change: Change): Promise<void> {
    const { t, applied } = change;
    this.remote.sessionsChanged();
    // The state this change made: another change may come while this one awaits tmux.
    const m = t.machine;
    // What the session is shown as (closing while its exit chain runs), which can change while its state does not.
    const shown = shownState(m);
    const shownChanged = applied.stateChanged || (t.shown ?? m.state) !== shown;
    t.shown = shown;
    const values: Record<string, string> = {};
    if (applied.changed) {
      values["@agentmux-state"] = shown;
      values["@agentmux-state-since"] = String(Math.round(m.since));
      values["@agentmux-background"] = m.background ? "1" : "";
      values["@agentmux-status-stale"] = m.statusStale ? "1" : "";
      values["@agentmux-machine"] = JSON.stringify(m);
    }
    if (applied.newId) {
      values["@agentmux-id"] = applied.newId;
      values["@agentmux-status-text"] = "";
    }
    if (applied.launch !== undefined) values["@agentmux-launch"] = applied.launch;
    if (applied.newId || applied.launch !== undefined) this.recordRestorable();
    if (applied.turnMs !== undefined) values["@agentmux-turn-ms"] = String(Math.round(applied.turnMs));
    for (const effect of applied.effects) {
      if (effect.type === "ready") this.log(`ready: ${t.pane}`);
    }
    if (Object.keys(values).length === 0) return;
    // What follows the state at once, in the order the changes came.
    if (applied.stateChanged) {
      if (m.state !== "exited") writeMirror(this.layout.mirror, t.pane, m.state, t.tokenHash);
      this.log(`${t.pane} ${m.state}${m.background ? "+background" : ""}${shown !== m.state ? ` (shown ${shown})` : ""}`);
      this.exits.changed(t);
    } else if (shownChanged) {
      this.log(`${t.pane} shown ${shown}`);
    }
    if (shownChanged) {
      this.waiters.changed(t.pane, shown, m.since);
      this.notices?.stateChanged(t.pane, shown);
    }
    if (m.state !== "exited" || !t.tornDown) await this.setOptions(t.pane, values);
    if (m.state === "exited") this.finish(t, "process exited");
    else if (applied.stateChanged) await this.asks.stateChanged(t);
    this.inbox.changed();
    if (shownChanged) {
      if (m.state === "exited") this.ended(t);
      await this.renderStatus();
      await this.alerts?.stateChanged(t, m);
      await this.sideReport?.parentChanged(t, m, this.tracked);
      void this.failover?.stateChanged(t);
      if (m.state === "waiting") await this.checkFocus();
    }
  }


  /** The CLIs' own live reports (Claude's session files), reconciled with the hook state (a reading waits for events to settle). */
  private async pollLive(): Promise<void> {
    void this.liveQueries.tick(this.tracked.values());
    for (const t of this.tracked.values()) {
      if (!isBackendName(t.backend) || t.machine.state === "exited") continue;
      const word = readLiveWord(BACKENDS[t.backend], t.panePid, Date.now());
      if (word) await this.liveWord(t, word);
    }
  }

  /** A screen verdict for the table; the screen itself for the Ask of a blocked session (its dialog). */
  private async screenSaid(t: Tracked, word: ScreenSighting, screen: string): Promise<void> {
    await this.table.screen(t, word);
    await this.asks.screenSeen(t, screen);
  }

  /** A live report for the table; a new status gets the pane's screen looked at now (an interrupt shows there first). */
  private async liveWord(t: Tracked, word: Omit<LiveWord, "since">): Promise<void> {
    const before = t.channels.live?.status;
    await this.table.live(t, word);
    if (t.channels.live?.status !== before) this.screens?.look(t.pane);
  }

  /** The status segment, window markers and pane borders (src/daemon/status-push.ts). */
  private async renderStatus(): Promise<void> {
    await this.status?.render(this.tracked);
  }

  /**
   * Waiting sessions that a person's client shows become idle: the user has looked. So are the
   * notifications about the panes shown seen.
   */
  private async checkFocus(): Promise<void> {
    if (![...this.tracked.values()].some((t) => t.machine.state === "waiting") && !this.notices?.hasUnseen()) return;
    for (const pane of await this.tmux.panesInView().catch(() => [] as string[])) {
      this.notices?.looked(pane);
      const t = this.tracked.get(pane);
      if (t && t.machine.state === "waiting") await this.applyMachine(t, { kind: "focus", at: Date.now() }, "focus", "seen", "a client shows the pane");
    }
  }

  private async statusChanged(name: string): Promise<void> {
    const update = readStatusFile(this.layout.status, name, this.tracked);
    if (!update) return;
    const { tracked: t, options, event, newId } = update;
    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(options)) values[k] = cleanLine(v);
    if (newId) { values["@agentmux-id"] = newId; values["@agentmux-status-text"] = ""; }
    if (newId || values["@agentmux-launch"] !== undefined) this.recordRestorable();
    if (Object.keys(values).length > 0) await this.setOptions(t.pane, values);
    if (!event) return;
    // The status line is redrawn before the prompt's hook comes through the spool: a turn only if
    // no hook names its prompt a moment later (/exit, for one, fires a hook but begins no turn).
    const promptId = update.promptId;
    const timer = setTimeout(() => {
      this.timers.splice(this.timers.indexOf(timer), 1);
      if (this.stopping || t.machine.state === "exited" || (promptId && t.promptIds.includes(promptId))) return;
      void this.table.machine(t, event, "hook", "status-line turn", "the status line names a prompt no hook did");
    }, STATUS_TURN_MS);
    this.timers.push(timer);
  }
}

/** The status files of one pane (`<pane>.<token>.json`), by name. */
function statusFilesOf(dir: string, pane: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.startsWith(`${pane}.`) && n.endsWith(".json"));
  } catch {
    return [];
  }
}

/** The parts of the config the usage poller reads. */
function usageKey(config: Config): string {
  return JSON.stringify([config.usage, config.display.quota, Object.values(config.backends).map((b) => b?.accounts)]);
}
