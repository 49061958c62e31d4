import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { realPath } from "../accounts/directory-rules.ts";
import { submittedPrompt } from "../backends/hook-prompt.ts";
import { BACKENDS, isBackendName, promptLineOf } from "../backends/index.ts";
import { describeChain, isActive, startChain, stepChain, type ExitAction, type ExitChain, type ExitInput, type ExitResult } from "./exit-chain.ts";
import { parseReceipt, type ReceiptReading } from "./exit-receipt.ts";
import { exitSteps, stepCommand } from "./exit-steps.ts";
import type { SessionState } from "../core/states.ts";
import { DraftInTheWay, readDraft, sendText } from "../session/send.ts";
import { sleep } from "../util/sleep.ts";
import { sessionLabel } from "../daemon/labels.ts";
import type { SessionsPort } from "../daemon/port.ts";
import type { Logger } from "../daemon/log.ts";
import type { Response } from "../daemon/protocol.ts";
import type { SpooledEvent } from "../daemon/spool.ts";
import type { Tracked } from "../daemon/tracked.ts";

const BUSY: ReadonlySet<SessionState> = new Set(["working", "blocked"]);
/** How long after a turn ended without a receipt the session is looked at again. */
const RECHECK_MS = 1500;
// Claude Code drops a Return that arrives while its prompt still renders, and now and then swallows one.
const SETTLE_MS = 300;
const CHECK_MS = 400;
const ENTER_RETRIES = 3;
// States in which a typed command has not been taken yet (a submitted one makes the session work).
const AT_PROMPT: ReadonlySet<SessionState> = new Set(["idle", "waiting", "unknown"]);
// A prompt the user queued during the turn is submitted by the CLI as the turn ends (Claude Code): a
// skill typed at once would be queued behind it. The chain waits this long, then looks again.
const QUEUED_SETTLE_MS = 700;

interface Armed {
  pane: string;
  name: string;
  chain: ExitChain;
  /** The session state the chain last saw (turns are the changes into and out of working/blocked). */
  seen: SessionState;
  timeoutMs: number;
  /** The private directory of the current receipt step's --receipt-file. */
  receiptDir?: string | undefined;
  watchdog?: NodeJS.Timeout | undefined;
  recheck?: NodeJS.Timeout | undefined;
  /** Keystrokes and the close go out one after another. */
  queue: Promise<void>;
  /** The screen showed a prompt the user queued when the chain was armed (the CLI sends it as the turn ends). */
  queuedSeen?: boolean;
}

/**
 * The daemon's side of `agentmux exit` (the chain itself is src/lifecycle/exit-chain.ts): arms a
 * session's before-exit skills, feeds the chain the session's turns and typed prompts, types the
 * skill commands, keeps the watchdog and the receipt directories, and closes the pane at the end.
 */
export class ExitChains {
  private readonly armed = new Map<string, Armed>();
  private readonly registered = new Set<string>();

  constructor(private readonly daemon: SessionsPort, private readonly log: Logger) {}

  /** `agentmux exit [--now]`: start a chain (or close at once), or report the chain under way. */
  async request(pane: string, now: boolean): Promise<Response> {
    const t = this.daemon.tracked.get(pane);
    if (!t) return { ok: false, error: `no agentmux session in pane ${pane}` };
    if (t.machine.state === "exited") {
      await this.daemon.tmux.killPane(pane).catch((e: Error) => this.log(`exit ${pane}: ${e.message}`));
      return { ok: true, pane, result: "closed", state: "its process had exited: the pane is removed" };
    }
    const current = this.armed.get(pane);
    if (current && !now) return { ok: true, pane, result: current.chain.phase.kind, state: describeChain(current.chain), already: true };
    if (current) this.drop(pane, "exit --now");
    if (!now) {
      const config = this.daemon.config();
      const exit = config.exit;
      const prefix = isBackendName(t.backend) ? BACKENDS[t.backend].skillPrefix : undefined;
      const steps = exitSteps(exit, prefix, t.dir || t.record.dir, realPath);
      if (steps.length > 0) {
        // The skills are typed into the input line: a draft there would be sent with the first one.
        const draft = await readDraft(this.daemon.tmux, pane, promptLineOf(t.backend)).catch(() => null);
        if (draft) { const refused = new DraftInTheWay(sessionLabel(t, this.daemon.tracked.values(), config.display.backendSuffix), draft); return { ok: false, error: refused.message, hint: refused.hint }; }
        const a: Armed = { pane, name: sessionLabel(t, this.daemon.tracked.values(), config.display.backendSuffix), chain: { steps, phase: { kind: "armed" } }, seen: t.machine.state, timeoutMs: exit.timeout * 1000, queue: Promise.resolve() };
        // A prompt queued already: Claude Code sends it as the turn ends, perhaps before the screen is
        // looked at again (and without a prompt hook), so it is noted now.
        if (BUSY.has(t.machine.state)) a.queuedSeen = await this.queuedShown(t);
        this.armed.set(pane, a);
        if (!this.registered.has(pane)) {
          this.registered.add(pane);
          this.daemon.teardown.register(pane, "exit chain", () => { this.registered.delete(pane); this.drop(pane, "the session ended"); });
        }
        this.startWatchdog(a);
        // Shown closing from now on (its turns still followed underneath), until the chain ends.
        await this.daemon.mark(pane, { kind: "closing", at: Date.now(), on: true }, "an exit chain was armed");
        this.apply(a, startChain(steps, BUSY.has(t.machine.state)));
        this.log(`exit ${pane}: ${describeChain(a.chain)}`);
        return { ok: true, pane, result: a.chain.phase.kind, state: describeChain(a.chain) };
      }
    }
    await this.daemon.kill([pane]);
    return { ok: true, pane, result: "closed", state: "closed" };
  }

  /** A session's state changed: a turn began or ended. */
  changed(t: Tracked): void {
    const a = this.armed.get(t.pane);
    if (!a) return;
    const before = a.seen;
    a.seen = t.machine.state;
    if (t.machine.state === "exited") { this.drop(t.pane, "the session exited"); return; }
    if (BUSY.has(a.seen) && !BUSY.has(before)) {
      // Not the skill's turn when its keys have not gone out yet (exit-chain.ts): said in the log.
      if (a.chain.phase.kind === "running" && !a.chain.phase.typed) this.log(`exit ${t.pane}: a turn began before ${describeChain(a.chain)} was typed`);
      this.input(a, { kind: "turn-started" });
    }
    else if (!BUSY.has(a.seen) && BUSY.has(before)) this.input(a, { kind: "turn-ended", receipt: this.receipt(a) });
  }

  /** A hook event: a prompt that is not the chain's own skill command cancels the chain. */
  prompted(pane: string, event: SpooledEvent): void {
    const a = this.armed.get(pane);
    const text = a ? submittedPrompt(event.event, event.payload) : undefined;
    if (a && text !== undefined) this.input(a, { kind: "prompt", text });
  }

  /** The daemon stops: timers and receipt directories go (the chains are lost). */
  close(): void {
    for (const pane of [...this.armed.keys()]) this.drop(pane, "the daemon stopped");
  }

  private input(a: Armed, input: ExitInput): void {
    if (this.armed.get(a.pane) !== a) return;
    this.apply(a, stepChain(a.chain, input));
  }

  private apply(a: Armed, result: ExitResult): void {
    const before = a.chain.phase;
    a.chain = result.chain;
    const after = a.chain.phase;
    const leftStep = before.kind === "running" && (after.kind !== "running" || after.index !== before.index);
    if (leftStep) this.removeReceiptDir(a);
    if (before !== after) { clearTimeout(a.recheck); a.recheck = undefined; }
    for (const action of result.actions) this.act(a, action);
    if (!isActive(a.chain)) {
      this.log(`exit ${a.pane}: ${describeChain(a.chain)}`);
      if (a.chain.phase.kind !== "closed") this.drop(a.pane, describeChain(a.chain));
    }
  }

  private act(a: Armed, action: ExitAction): void {
    switch (action.type) {
      case "submit": {
        const step = a.chain.steps[action.index];
        if (!step) return;
        if (step.receipt) a.receiptDir = mkdtempSync(join(tmpdir(), "agentmux-receipt-"));
        const command = stepCommand(step, a.receiptDir ? join(a.receiptDir, "receipt.json") : undefined);
        this.log(`exit ${a.pane}: submitting skill ${action.index + 1}/${a.chain.steps.length}: ${command}`);
        this.startWatchdog(a);
        const turn = this.daemon.tracked.get(a.pane)?.machine.turnStart ?? null;
        this.enqueue(a, () => this.type(a, command, turn).catch((e: Error) => this.input(a, { kind: "refused", why: e.message })));
        return;
      }
      case "recheck":
        clearTimeout(a.recheck);
        a.recheck = setTimeout(() => this.input(a, { kind: "recheck", busy: this.busy(a), receipt: this.receipt(a) }), RECHECK_MS);
        return;
      case "close":
        this.enqueue(a, async () => {
          this.drop(a.pane, "closing");
          await this.daemon.kill([a.pane]);
        });
        return;
      case "warn":
        void this.tell(`agentmux exit ${a.name}: ${action.text}`);
        return;
    }
  }

  private enqueue(a: Armed, work: () => Promise<void>): void {
    a.queue = a.queue.then(work).catch((e: Error) => this.log(`exit ${a.pane}: ${e.message}`));
  }

  /** Restarted for each skill; it fires every timeout while the chain is armed. */
  private startWatchdog(a: Armed): void {
    clearTimeout(a.watchdog);
    a.watchdog = setTimeout(() => {
      a.watchdog = undefined;
      if (this.armed.get(a.pane) !== a) return;
      const busy = this.busy(a);
      this.log(`exit ${a.pane}: watchdog after ${a.timeoutMs / 1000} s, the session is ${busy ? "busy" : "at its prompt"}`);
      this.input(a, { kind: "watchdog", busy, receipt: this.receipt(a) });
      // Still armed and no new skill restarted it: keep watching.
      if (this.armed.get(a.pane) === a && !a.watchdog) this.startWatchdog(a);
    }, a.timeoutMs);
  }

  private busy(a: Armed): boolean {
    const t = this.daemon.tracked.get(a.pane);
    return t !== undefined && BUSY.has(t.machine.state);
  }

  private receipt(a: Armed): ReceiptReading | undefined {
    if (a.chain.phase.kind !== "running" || !a.receiptDir) return undefined;
    let text: string | null = null;
    try { text = readFileSync(join(a.receiptDir, "receipt.json"), "utf8"); } catch { /* missing */ }
    return parseReceipt(text);
  }

  private removeReceiptDir(a: Armed): void {
    if (!a.receiptDir) return;
    rmSync(a.receiptDir, { recursive: true, force: true });
    a.receiptDir = undefined;
  }

  private drop(pane: string, why: string): void {
    const a = this.armed.get(pane);
    if (!a) return;
    this.armed.delete(pane);
    clearTimeout(a.watchdog);
    clearTimeout(a.recheck);
    this.removeReceiptDir(a);
    if (isActive(a.chain)) this.log(`exit ${pane}: chain dropped (${why})`);
    // The session stays (stopped, cancelled): no longer shown closing. One that closes or exited is shown as it ends.
    if (a.chain.phase.kind !== "closed") void this.daemon.mark(pane, { kind: "closing", at: Date.now(), on: false }, `the exit chain ended: ${why}`).catch((e: Error) => this.log(`exit ${pane}: ${e.message}`));
  }

  /**
   * Type a skill command and submit it, unless the user got there first: a turn begun since the
   * chain decided (a prompt queued during the last turn) or a draft in the input line refuses it,
   * and the chain is cancelled, saying why. Enter again while the session has not begun a turn and
   * the command still sits in the prompt. Codex opens its skill list on "$name": the first Enter
   * only takes the name from the list, the second submits (checked with the real Codex 0.171).
   */
  private async type(a: Armed, text: string, decidedAt: number | null): Promise<void> {
    const pane = a.pane;
    await sleep(QUEUED_SETTLE_MS);
    const now = this.daemon.tracked.get(pane);
    if (!now || this.armed.get(pane) !== a) return;
    if (!AT_PROMPT.has(now.machine.state) || now.machine.turnStart !== decidedAt) throw new Error(`${a.name} began another turn (a prompt queued or typed) before ${text} was typed`);
    // A prompt the user queued during the turn may still wait to be sent: typed now, the skill would go first.
    if (a.queuedSeen || await this.queuedShown(now)) throw new Error(`${a.name} has a prompt queued that the user typed during the turn`);
    // A turn that began since (even one already over) took the command.
    const turnBefore = now.machine.turnStart;
    const submitted = () => { const t = this.daemon.tracked.get(pane); return !t || !AT_PROMPT.has(t.machine.state) || t.machine.turnStart !== turnBefore; };
    const typing = Date.now();
    this.input(a, { kind: "typing" });
    await sendText(this.daemon.tmux, pane, text, { enter: true, kind: "line", settleMs: SETTLE_MS, checkMs: CHECK_MS, retries: ENTER_RETRIES, promptLine: promptLineOf(now.backend), submitted, whileInPrompt: true, label: a.name });
    // Evidence for the session table once the submission is settled (a turn begun by it before would end the retries).
    await this.daemon.typed(pane, "submit", typing);
  }

  /** Whether the session's screen shows a prompt the user queued during the turn (the backend's queuedPrompts). */
  private async queuedShown(t: Tracked): Promise<boolean> {
    const queued = isBackendName(t.backend) ? BACKENDS[t.backend].queuedPrompts : undefined;
    return queued !== undefined && queued.test((await this.daemon.tmux.tryCapture(t.pane).catch(() => null)) ?? "");
  }

  /** A warning: in the daemon log, and on every client attached to the server. */
  private async tell(text: string): Promise<void> {
    this.log(`warning: ${text}`);
    await this.daemon.tmux.displayOnAllClients(text);
  }
}
