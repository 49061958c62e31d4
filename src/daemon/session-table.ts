import { decide, SETTLED_MS, type Decision } from "../core/decide.ts";
import type { Channel, InputWord, LiveWord, ScreenWord } from "../core/evidence.ts";
import { transition, type Effect, type MachineEvent } from "../core/state-machine.ts";
import { applyEvent, type Applied } from "./apply.ts";
import type { Logger } from "./log.ts";
import type { SpooledEvent } from "./spool.ts";
import type { Tracked } from "./tracked.ts";

/** One change of a session, as the reactions see it. */
export interface Change {
  t: Tracked;
  applied: Applied;
  /** The channel whose evidence made it, and the rule that decided. */
  channel: Channel;
  rule: string;
}

export type Reaction = (change: Change) => Promise<void> | void;

/** Causes the screen and live rules name, as the notification words them. */
const CAUSES: Record<string, NonNullable<Tracked["cause"]>["why"]> = { interrupted: "interrupted", permission: "permission", question: "question", plan: "plan", trust: "trust", "api-key": "question" };

/** Why a session the decision made blocked or waiting needs the user (the notification's words). */
function causeOf(state: string, cause: string | undefined): Tracked["cause"] {
  if (state === "waiting") return { why: "finished" };
  if (state !== "blocked") return undefined;
  if (!cause) return undefined;
  const why = CAUSES[cause];
  return why ? { why } : { why: "declared", detail: cause };
}

/** The time of a session's latest word on any channel, or of its last change: what the decision's settle times count from. */
function latestWord(t: Tracked): number {
  const c = t.channels;
  return Math.max(t.machine.since, c.hook?.at ?? 0, c.input?.at ?? 0, c.screen?.since ?? 0, c.screen?.at ?? 0, c.live?.since ?? 0, c.live?.at ?? 0, t.dialogSeenAt ?? 0);
}

/**
 * The session table: the only writer of a session's state. Channels hand it evidence (a hook
 * event, a screen verdict, a live report, something typed, the process ending); hook events move
 * the state machine directly (they mark turn boundaries), everything else goes through the one
 * decision (src/core/decide.ts). Reactions (options, segment, markers, waiters, notifications,
 * failover, exit chains, the restore registry) subscribe to its changes.
 */
export class SessionTable {
  readonly tracked = new Map<string, Tracked>();
  private readonly reactions: Reaction[] = [];
  private readonly logged = new Set<string>();
  /** When tick last weighed each session. */
  private readonly weighedAt = new WeakMap<Tracked, number>();

  constructor(private readonly log: Logger, private readonly hooks: (t: Tracked) => boolean) {}

  subscribe(reaction: Reaction): void {
    this.reactions.push(reaction);
  }

  /** Channel 1: a hook event (checked against the token before). */
  async hook(t: Tracked, event: SpooledEvent, onApplied: () => void = () => undefined): Promise<Applied> {
    const before = t.machine.state;
    const applied = applyEvent(t, event);
    onApplied();
    if (!t.machine.hooked && t.machine.state !== "exited") { t.machine = { ...t.machine, hooked: true }; applied.changed = true; }
    t.channels = { ...t.channels, hook: { event: event.event, at: event.at } };
    if (applied.stateChanged) this.credit(t, "hook", `hook ${event.event}`, `${event.event} said ${t.machine.state}`, before);
    await this.emit({ t, applied, channel: "hook", rule: `hook ${event.event}` });
    await this.weigh(t);
    return applied;
  }

  /** Channel 2: the CLI's own live report. */
  async live(t: Tracked, word: Omit<LiveWord, "since">): Promise<void> {
    const previous = t.channels.live;
    // Two sources (the session file, the agents report) may say the same: it has said so since the first.
    const since = previous && previous.status === word.status ? previous.since : word.at;
    // A report older than the word there already (a query begun before the last file read) changes nothing.
    if (previous && word.at < previous.at && previous.status !== word.status) return;
    t.channels = { ...t.channels, live: { ...word, since } };
    await this.weigh(t);
  }

  /** Channel 3: the screen's verdict. */
  async screen(t: Tracked, word: ScreenWord): Promise<void> {
    t.channels = { ...t.channels, screen: word };
    if (word.verdict === "blocked") t.dialogSeenAt = word.at;
    await this.weigh(t);
  }

  /**
   * Channel 4: what agentmux typed (send, keys, exit chains). A submitted prompt marks the
   * published status stale and, for a session at its prompt, begins a turn (backends without a
   * submit hook learn of it only so; for the others the hook that follows changes nothing).
   */
  async input(t: Tracked, kind: InputWord["kind"], at = Date.now()): Promise<void> {
    t.channels = { ...t.channels, input: { kind, at } };
    if (kind === "submit") {
      // A turn that began (or even ended) after the typing started is this prompt's, seen by the hooks already.
      const m = t.machine;
      const seen = (m.turnStart !== null && m.turnStart >= at) || (m.waitingSince !== null && m.waitingSince >= at);
      if (!seen) await this.machine(t, { kind: "submit", at }, "input", "input-submit", "a prompt was submitted through agentmux");
      else if (!m.statusStale) {
        t.machine = { ...m, statusStale: true };
        await this.emit({ t, applied: { changed: true, stateChanged: false, effects: [] }, channel: "input", rule: "input-submit" });
      }
    }
    await this.weigh(t);
  }

  /** The session's own process published its status (agentmux publish): what it shows is current again. */
  async published(t: Tracked): Promise<void> {
    if (!t.machine.statusStale) return;
    t.machine = { ...t.machine, statusStale: false };
    await this.emit({ t, applied: { changed: true, stateChanged: false, effects: [] }, channel: "process", rule: "published" });
  }

  /** An event that is not evidence to weigh: the process ended, the user looked, a status-line turn. */
  async machine(t: Tracked, event: MachineEvent, channel: Channel, rule: string, why: string): Promise<void> {
    const before = t.machine;
    const result = transition(before, event);
    t.machine = result.next;
    const stateChanged = t.machine.state !== before.state;
    if (stateChanged) this.credit(t, channel, rule, why, before.state);
    await this.emit({ t, applied: { changed: t.machine !== before, stateChanged, effects: result.effects }, channel, rule });
  }

  /**
   * Weigh every session again (settle times pass without new evidence), but one whose latest word
   * is older than every settle time and that was weighed since: time alone no longer moves it
   * (SETTLED_MS), and new evidence weighs it as it comes. 200 quiet panes cost nothing a tick.
   */
  async tick(now = Date.now()): Promise<void> {
    for (const t of this.tracked.values()) {
      const latest = latestWord(t);
      if (now - latest > SETTLED_MS && (this.weighedAt.get(t) ?? 0) - latest > SETTLED_MS) continue;
      await this.weigh(t);
      this.weighedAt.set(t, now);
    }
  }

  /** The decision for a session as things stand (agentmux explain). */
  verdict(t: Tracked, now = Date.now()): Decision {
    return decide({ machine: t.machine, raisedBy: t.raisedBy, channels: t.channels, hooks: this.hooks(t), now, dialogSeenAt: t.dialogSeenAt ?? null });
  }

  private async weigh(t: Tracked): Promise<void> {
    if (t.machine.state === "exited") return;
    const d = this.verdict(t);
    if (!d.event) return;
    const before = t.machine;
    const result = transition(before, d.event);
    if (result.next === before) return;
    t.machine = result.next;
    const stateChanged = t.machine.state !== before.state;
    if (stateChanged) {
      this.credit(t, d.raisedBy ?? "screen", d.rule, d.why, before.state);
      t.cause = causeOf(t.machine.state, d.cause);
      const key = `${t.pane}:${before.state}:${d.rule}`;
      if (!this.logged.has(key)) { this.logged.add(key); this.log(`${t.pane}: ${before.state} → ${t.machine.state} by ${d.rule}: ${d.why}`); }
    }
    const effects: Effect[] = result.effects;
    await this.emit({ t, applied: { changed: true, stateChanged, effects }, channel: d.raisedBy ?? "screen", rule: d.rule });
  }

  private credit(t: Tracked, channel: Channel, rule: string, why: string, from: string): void {
    t.raisedBy = channel;
    t.decided = { rule, why, from, at: Date.now() };
  }

  private async emit(change: Change): Promise<void> {
    if (!change.applied.changed && !change.applied.newId && change.applied.launch === undefined && change.applied.turnMs === undefined) return;
    for (const reaction of this.reactions) await reaction(change);
  }
}
