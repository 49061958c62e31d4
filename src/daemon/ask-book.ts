import { ASK_OPTION, type Ask } from "../core/ask.ts";
import { hookAskOf, hookMeaning } from "../backends/hooks.ts";
import { firstLines, type HookAsk } from "../backends/shared/hook-ask.ts";
import { readDialog, type Dialog } from "../detect/dialog.ts";
import { detect } from "../detect/detect.ts";
import type { Manifest } from "../detect/types.ts";
import { buildAsk, NO_MATERIAL, sameAsk, withHookAsk, type AskMaterial } from "./ask-build.ts";
import type { Logger } from "./log.ts";
import type { Tracked } from "./tracked.ts";

export interface AskBookDeps {
  setOption(pane: string, name: string, value: string): Promise<void>;
  unsetOption(pane: string, name: string): Promise<void>;
  /** The pane's screen now (plain text), null when it cannot be captured. */
  capture(pane: string): Promise<string | null>;
  /** The manifest the screen watch reads the session's screen with. */
  manifest(t: Tracked): Manifest | null;
  /** I/O: the last assistant turn of the session's transcript, where its backend keeps one (a waiting session no hook told the answer of). */
  lastAnswer?(t: Tracked): string | null;
  /** I/O: a turn's answer as its CLI recorded it, where the hook's words are not to be trusted (src/backends/hooks.ts recordedAnswerOf). */
  recordedAnswer?(t: Tracked, event: string, payload: Record<string, unknown>): string | null;
  /** A pane's Ask was published or withdrawn (the inbox's subscribers and a waiting notification are told). */
  changed(pane: string): void;
  log: Logger;
}

/**
 * What each session wants or said (an Ask), worked out by the daemon and published on its pane
 * (@agentmux-ask): the latest hook material of its turn (src/daemon/ask-build.ts), and for a
 * blocked session the dialog read from its screen, captured when it became blocked and read again
 * on every look of the screen watch while it stays blocked (a dialog is often drawn a moment after
 * its hook). Unset once the session is neither blocked nor waiting.
 */
export class AskBook {
  private readonly material = new Map<string, AskMaterial>();
  private readonly published = new Map<string, Ask>();
  /** What the last look at a blocked session's screen read: its dialog, or that the turn was interrupted there. */
  private readonly screens = new Map<string, { dialog: Dialog | null; interrupted: boolean }>();
  /** Panes whose option is known to hold no Ask (one left by an earlier daemon is unset once). */
  private readonly unset = new Set<string>();

  constructor(private readonly deps: AskBookDeps) {}

  /** The Ask published for a pane, null when none. */
  get(pane: string): Ask | null {
    return this.published.get(pane) ?? null;
  }

  /** A hook event of the session, before the session table applies it. */
  hookEvent(t: Tracked, event: string, payload: Record<string, unknown>): void {
    const submit = hookMeaning(t.backend, event, payload).events.some((e) => e.kind === "submit");
    const hooked = hookAskOf(t.backend, event, payload);
    const recorded = hooked?.kind === "answer" ? firstLines(this.deps.recordedAnswer?.(t, event, payload) ?? "") : [];
    const ask: HookAsk | null = recorded.length > 0 ? { kind: "answer", summary: recorded[0] ?? "", text: recorded, options: [] } : hooked;
    if (!ask && !submit) return;
    const material = withHookAsk(this.material.get(t.pane) ?? NO_MATERIAL, ask, submit);
    if (ask?.kind === "answer") delete material.answerFromTranscript;
    this.material.set(t.pane, material);
  }

  /** The session's state changed: work its Ask out again (a blocked one's screen captured now). */
  async stateChanged(t: Tracked): Promise<void> {
    this.screens.delete(t.pane);
    if (t.machine.state === "waiting") this.answerFromTranscript(t);
    if (t.machine.state === "blocked") await this.screenSeen(t, await this.deps.capture(t.pane));
    else await this.publish(t);
  }

  /** A waiting session whose hooks told no answer (a daemon restarted, a CLI whose Stop carries none): its transcript's last answer. */
  private answerFromTranscript(t: Tracked): void {
    const material = this.material.get(t.pane) ?? NO_MATERIAL;
    if (material.answer || !this.deps.lastAnswer) return;
    let text: string | null = null;
    try {
      text = this.deps.lastAnswer(t);
    } catch (error) {
      this.deps.log(`ask of ${t.pane}: the transcript could not be read (${(error as Error).message})`);
    }
    const lines = firstLines(text ?? "");
    if (lines.length > 0) this.material.set(t.pane, { ...material, answer: { kind: "answer", summary: lines[0] ?? "", text: lines, options: [] }, answerFromTranscript: true });
  }

  /** The screen watch looked at the pane: a blocked session's dialog may have been drawn or changed. */
  async screenSeen(t: Tracked, screen: string | null): Promise<void> {
    if (t.machine.state !== "blocked") return;
    const manifest = this.deps.manifest(t);
    if (screen !== null && manifest) {
      // Escape (or a rejection) ended the turn at the dialog: the tool no longer waits.
      const interrupted = detect(manifest, { screen }).cause === "interrupted";
      this.screens.set(t.pane, { dialog: readDialog(manifest, screen), interrupted });
      const material = this.material.get(t.pane);
      if (interrupted && (material?.tool || material?.weak)) this.material.set(t.pane, { ...material, tool: null, weak: null });
    }
    await this.publish(t);
  }

  forget(pane: string): void {
    this.material.delete(pane);
    this.screens.delete(pane);
    this.unset.delete(pane);
    if (this.published.delete(pane)) this.deps.changed(pane);
  }

  private async publish(t: Tracked): Promise<void> {
    const state = t.machine.state;
    const seen = this.screens.get(t.pane);
    const cause = seen?.interrupted ? { why: "interrupted" as const } : t.cause;
    const ask = buildAsk(state, this.material.get(t.pane) ?? NO_MATERIAL, seen?.dialog ?? null, cause, Date.now());
    const before = this.published.get(t.pane) ?? null;
    if (sameAsk(before, ask) && (ask !== null || this.unset.has(t.pane))) return;
    if (ask) { this.published.set(t.pane, ask); this.unset.delete(t.pane); } else { this.published.delete(t.pane); this.unset.add(t.pane); }
    if (!sameAsk(before, ask)) this.deps.changed(t.pane);
    try {
      if (ask) await this.deps.setOption(t.pane, ASK_OPTION, JSON.stringify(ask));
      else await this.deps.unsetOption(t.pane, ASK_OPTION);
    } catch (error) {
      this.deps.log(`ask of ${t.pane}: ${(error as Error).message}`);
    }
  }
}
