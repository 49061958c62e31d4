import type { InboxItem } from "../core/ask.ts";
import { shownState } from "../core/state-machine.ts";
import type { ConversationTurn } from "../backends/shared/types.ts";
import { promptLineOf } from "../backends/index.ts";
import type { Config } from "../config/config.ts";
import type { Note } from "../daemon/notifier.ts";
import type { Response } from "../daemon/protocol.ts";
import type { Tracked } from "../daemon/tracked.ts";
import { DraftInTheWay, sendText } from "../session/send.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { gatherContext } from "./context.ts";
import { CHIEF_ITEM } from "./item.ts";
import { sessionDecision, statelessDecision, type Decision } from "./decision.ts";
import { checkChiefBackend, chiefDirectory, chiefStateFile } from "./places.ts";
import { contextBlock, heartbeatMarker, heartbeatPrompt, statelessPrompt, SYSTEM_PROMPT } from "./prompts.ts";
import { loadRecord, nextTickAt, saveRecord, type ChiefRecord } from "./record.ts";
import { appendEntry, dayOf, readStateText, stateContext } from "./state-file.ts";
import { isAgentmuxError } from "../util/errors.ts";

/** How long the answer to a heartbeat is looked for in the transcript after its turn ended. */
const ANSWER_TRIES = 20;
const ANSWER_RETRY_MS = 500;

export interface ChiefDeps {
  tracked: () => Iterable<Tracked>;
  config: () => Config;
  /** tmux for typing into the chief session (a one-shot runner, not the control connection). */
  sendTmux: Tmux;
  typed: (pane: string, kind: "submit", at: number) => Promise<void>;
  notify: (note: Note) => Promise<void>;
  /** The inbox's items changed (a nudge to show, a quiet session's answer to hide or show). */
  changed: () => void;
  /** The session's transcript, as `read --transcript` reads it; null when it cannot be read. */
  turns: (t: Tracked) => ConversationTurn[] | null;
  recordFile: string;
  log: (line: string) => void;
  /** One stateless run: the CLI's output (its answer, then whatever else it printed). Default: the backend's non-interactive runner. */
  runStateless?: (config: Config, prompt: string) => Promise<string>;
  now?: () => number;
}

/**
 * The chief of staff's loop in the daemon (seed: "Chief-of-staff loop"). Its timer costs nothing
 * between ticks and survives a daemon restart (the next tick is a whole interval after the last,
 * from the record). Session mode: a heartbeat is typed into the chief session only while it
 * waits, never interrupting; its turn is quiet (no notification, not in the inbox) and its answer
 * is read from the transcript after the heartbeat: "Nudge: …" is told like any session's need and
 * the session shows in the inbox with it; "No nudge." is only logged. Stateless mode: one
 * non-interactive call; the last JSON object with `notify` decides; a nudge is told and kept in the
 * inbox until dismissed.
 */
export class ChiefLoop {
  private record: ChiefRecord;
  private timer: NodeJS.Timeout | null = null;
  /** The heartbeat whose answer is awaited. */
  private pending: { pane: string; marker: string; at: number } | null = null;
  /** Chief panes whose last turn was a heartbeat answered with no nudge (or still running). */
  private readonly quietPanes = new Set<string>();
  private running = false;

  constructor(private readonly deps: ChiefDeps) {
    this.record = loadRecord(deps.recordFile, deps.log);
  }

  private now(): number { return this.deps.now?.() ?? Date.now(); }

  /** Take the timer up where the record left it (called once the daemon knows its sessions). */
  start(): void {
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Whether a session's need is the chief's business, not the user's (a heartbeat's turn). */
  quiet(pane: string): boolean {
    return this.quietPanes.has(pane);
  }

  /** The stateless nudges not dismissed, as inbox items (newest first). */
  items(): InboxItem[] {
    const config = this.deps.config();
    return [...this.record.nudges].reverse().map((n) => ({
      pane: CHIEF_ITEM, name: "chief", key: "", backend: config.chief.backend, account: "", state: "waiting" as const,
      background: false, since: n.at, snoozed: false,
      ask: { kind: "answer" as const, summary: `Nudge: ${n.message}`, text: [n.message], options: [], dialog: "", source: "transcript" as const, at: n.at },
    }));
  }

  /** The chief session: the live one of chief.backend with the chief's instance name. */
  session(): Tracked | null {
    const { backend, instance } = this.deps.config().chief;
    return [...this.deps.tracked()].find((t) => t.backend === backend && t.record.instance === instance && t.machine.state !== "exited" && !t.gone) ?? null;
  }

  /** A session changed: the heartbeat's turn over, or the user talking to the chief again. */
  sessionChanged(t: Tracked): void {
    const shown = shownState(t.machine);
    if (this.pending?.pane === t.pane) {
      if (shown === "exited") { this.settle("skipped: the chief session exited during the heartbeat", "session"); return; }
      if ((shown === "waiting" || shown === "idle") && t.machine.since > this.pending.at) void this.readAnswer(t, this.pending);
      return;
    }
    if (this.quietPanes.has(t.pane) && shown !== "waiting" && shown !== "idle") {
      this.quietPanes.delete(t.pane);
      this.deps.changed();
    }
  }

  /** The `chief` request of the socket (agentmux chief …). */
  async request(action: string, options: { immediate?: boolean } = {}): Promise<Response> {
    switch (action) {
      case "start":
        this.record.running = true;
        if (options.immediate) this.record.lastTick = null;
        else this.record.lastTick ??= this.now();
        this.save();
        this.schedule();
        return this.status();
      case "stop":
        this.record.running = false;
        this.save();
        this.stop();
        return this.status();
      case "tick":
        return { ok: true, outcome: await this.tick(this.deps.config().chief.mode) };
      case "heartbeat":
        return { ok: true, outcome: await this.tick("session") };
      case "stateless":
        return { ok: true, outcome: await this.tick("stateless") };
      case "dismiss": {
        const before = this.record.nudges.length;
        this.record.nudges = [];
        this.save();
        this.deps.changed();
        return { ok: true, dismissed: before - this.record.nudges.length };
      }
      case "status":
        return this.status();
      default:
        return { ok: false, error: `unknown chief action ${JSON.stringify(action)}`, hint: "use start, stop, tick, heartbeat, stateless, dismiss or status" };
    }
  }

  private status(): Response {
    const config = this.deps.config().chief;
    const t = this.session();
    return {
      ok: true, running: this.record.running, mode: config.mode, backend: config.backend, interval: config.interval,
      nextTick: this.record.running ? nextTickAt(this.record, config.interval * 1000, this.now()) : null,
      lastTick: this.record.lastTick, last: this.record.last, session: t ? { pane: t.pane, state: shownState(t.machine) } : null,
      heartbeat: this.pending ? { pane: this.pending.pane, at: this.pending.at } : null, nudges: this.record.nudges.length,
    };
  }

  private schedule(): void {
    this.stop();
    if (!this.record.running) return;
    const due = nextTickAt(this.record, this.deps.config().chief.interval * 1000, this.now());
    // setTimeout holds at most 2^31-1 ms; a longer wait is taken up again when it ends.
    this.timer = setTimeout(() => void this.timed(), Math.min(Math.max(0, due - this.now()), 2 ** 31 - 1));
    this.timer.unref();
  }

  private async timed(): Promise<void> {
    const config = this.deps.config().chief;
    if (nextTickAt(this.record, config.interval * 1000, this.now()) > this.now()) { this.schedule(); return; }
    this.record.lastTick = this.now();
    this.save();
    this.schedule();
    await this.tick(config.mode).catch((e: Error) => this.deps.log(`chief: tick failed: ${e.message}`));
  }

  /** One tick in a mode; answers what came of it (a session heartbeat: that it was sent). */
  async tick(mode: "session" | "stateless"): Promise<string> {
    if (this.running) return this.outcome(mode, "skipped: a tick is still running");
    try { checkChiefBackend(this.deps.config(), mode); } catch (error) { return this.outcome(mode, `failed: ${isAgentmuxError(error) ? error.oneLine() : String(error)}`); }
    this.running = true;
    try {
      return mode === "session" ? await this.heartbeat() : await this.stateless();
    } finally {
      this.running = false;
    }
  }

  /** The state and context block of a tick. */
  private async block(config: Config, at: Date): Promise<string> {
    const c = config.chief;
    const state = stateContext(readStateText(chiefStateFile(config)), dayOf(at), c.stateMaxChars);
    const context = await gatherContext(c.contextCommands, chiefDirectory(config), c.contextTimeout * 1000, this.deps.log);
    return contextBlock(at, state, context);
  }

  private async heartbeat(): Promise<string> {
    const t = this.session();
    if (!t) return this.outcome("session", "skipped: no chief session (agentmux chief start starts one)");
    if (this.pending) return this.outcome("session", `skipped: the heartbeat of ${new Date(this.pending.at).toISOString()} is not answered yet`);
    const shown = shownState(t.machine);
    if (shown !== "waiting" && shown !== "idle") return this.outcome("session", `skipped: the chief session (${t.pane}) is ${shown}; a heartbeat never interrupts`);
    const config = this.deps.config();
    const at = new Date(this.now());
    const marker = heartbeatMarker(at);
    const prompt = heartbeatPrompt(marker, await this.block(config, at));
    const pending = { pane: t.pane, marker, at: at.getTime() };
    this.pending = pending;
    this.quietPanes.add(t.pane);
    this.deps.changed();
    try {
      await sendText(this.deps.sendTmux, t.pane, prompt, { enter: true, promptLine: promptLineOf(t.backend), label: `chief (${t.pane})` });
    } catch (error) {
      this.pending = null;
      this.quietPanes.delete(t.pane);
      this.deps.changed();
      return this.outcome("session", error instanceof DraftInTheWay ? `skipped: ${error.message}` : `failed: ${(error as Error).message}`);
    }
    await this.deps.typed(t.pane, "submit", at.getTime());
    const sent = `heartbeat sent to ${t.pane}`;
    // A quick answer may have been read already: what it decided stays the last outcome.
    if (this.pending !== pending) { this.deps.log(`chief: session tick: ${sent} (answered already)`); return sent; }
    return this.outcome("session", sent);
  }

  /** The answer after the heartbeat in the transcript (written a moment after the turn ends): looked for a few times. */
  private async readAnswer(t: Tracked, pending: { pane: string; marker: string; at: number }): Promise<void> {
    for (let attempt = 0; attempt < ANSWER_TRIES; attempt++) {
      if (this.pending !== pending) return;
      const answer = answerAfter(this.deps.turns(t) ?? [], pending.marker);
      if (answer !== null) { await this.decide(t, pending, sessionDecision(answer)); return; }
      await new Promise((r) => setTimeout(r, ANSWER_RETRY_MS));
    }
    if (this.pending === pending) this.settle("unclear: no answer after the heartbeat in the transcript", "session");
  }

  private async decide(t: Tracked, pending: { pane: string }, decision: Decision): Promise<void> {
    if (this.pending !== pending) return;
    this.pending = null;
    if (decision.kind === "nudge") {
      this.quietPanes.delete(t.pane);
      this.deps.changed();
      this.outcome("session", `nudge: ${decision.message}`);
      await this.deps.notify({ text: `chief: ${decision.message}`, pane: t.pane, tokenHash: t.tokenHash, name: "chief", backend: t.backend, state: "waiting", reason: "nudge" });
      return;
    }
    this.outcome("session", decision.kind === "none" ? "no nudge" : `unclear: ${decision.why}`);
  }

  private settle(outcome: string, mode: string): void {
    if (this.pending) this.quietPanes.delete(this.pending.pane);
    this.pending = null;
    this.deps.changed();
    this.outcome(mode, outcome);
  }

  private async stateless(): Promise<string> {
    const config = this.deps.config();
    const at = new Date(this.now());
    const prompt = statelessPrompt(config.chief.systemPrompt || SYSTEM_PROMPT, await this.block(config, at), config.chief.recordModelState);
    let output: string;
    try {
      output = await (this.deps.runStateless ?? runStateless)(config, prompt);
    } catch (error) {
      return this.outcome("stateless", `failed: ${(error as Error).message}`);
    }
    const decision = statelessDecision(output);
    if (decision.kind !== "unclear" && decision.stateUpdate && config.chief.recordModelState) {
      try { appendEntry(chiefStateFile(config), "model", decision.stateUpdate, at); } catch (error) { this.deps.log(`chief: the model's state update was not written: ${(error as Error).message}`); }
    }
    if (decision.kind !== "nudge") return this.outcome("stateless", decision.kind === "none" ? "no nudge" : `unclear: ${decision.why}`);
    this.record.nudges.push({ at: at.getTime(), message: decision.message });
    this.save();
    this.deps.changed();
    const t = this.session();
    await this.deps.notify({ text: `chief: ${decision.message}`, pane: t?.pane ?? CHIEF_ITEM, tokenHash: t?.tokenHash ?? "", name: "chief", backend: config.chief.backend, state: "waiting", reason: "nudge" });
    return this.outcome("stateless", `nudge: ${decision.message}`);
  }

  private outcome(mode: string, outcome: string): string {
    this.record.last = { at: this.now(), mode, outcome };
    this.save();
    this.deps.log(`chief: ${mode} tick: ${outcome}`);
    return outcome;
  }

  private save(): void {
    try { saveRecord(this.deps.recordFile, this.record); } catch (error) { this.deps.log(`chief: ${(error as Error).message}`); }
  }
}

/** Pure: the assistant's words after the last user turn carrying the marker; null when that turn or an answer to it is not recorded yet. */
export function answerAfter(turns: readonly ConversationTurn[], marker: string): string | null {
  let at = -1;
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i]?.role === "user" && turns[i]?.text.includes(marker)) { at = i; break; }
  if (at === -1) return null;
  const said = turns.slice(at + 1).filter((turn) => turn.role === "assistant").map((turn) => turn.text.trim()).filter(Boolean);
  return said.length === 0 ? null : said.join("\n");
}

/** A stateless tick through the backend's non-interactive runner, in the chief's private directory. */
async function runStateless(config: Config, prompt: string): Promise<string> {
  const [{ prepareRun }, { runOnce }] = await Promise.all([import("../batch/prepare.ts"), import("../batch/run-once.ts")]);
  const run = prepareRun(config, { backend: config.chief.backend, dir: chiefDirectory(config) });
  const result = await runOnce(run.backend, run.program, prompt, { cwd: run.dir, env: run.env, timeoutMs: 300_000, maxTurns: config.chief.maxTurns, withoutProject: true });
  if (!result.ok) throw new Error(`${run.backend.label} answered no result: ${result.text}`);
  return `${result.raw}\n${result.text}`;
}
