import type { Ask } from "../core/ask.ts";
import { needText } from "./need-text.ts";
import { nameOf, sessionLabel } from "./labels.ts";
import { readSnooze } from "../session/snooze.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { userRegexOrNull } from "../util/user-regex.ts";
import { WatchBursts } from "./watch-bursts.ts";
import type { Note, Notifier } from "./notifier.ts";
import type { Tracked } from "./tracked.ts";
import { shownState, type MachineState } from "../core/state-machine.ts";


/** How long a notification that would not say what waits for the session's Ask to say it. */
export const ASK_WAIT_MS = 2000;

/** The Ask the daemon published for a session (its one text: need-text.ts), null when none. */
export type AlertAsk = (t: Tracked) => Ask | null;

/**
 * Whether and what to tell the user when a session becomes blocked or waiting: never for a
 * snoozed session (the alert is kept for when the snooze ends), never for the pane they look at.
 * Every notification names the session as `list` does (two in one directory differ) and says why.
 */
export class Alerts {
  private readonly bursts = new WatchBursts();
  /** Per pane, the notification waiting for its session's Ask (tellWhenSaid). */
  private readonly askWaits = new Map<string, () => void>();
  /** A session whose need is another part's business, never told (the chief's heartbeat turns: src/chief/loop.ts). */
  quiet: (pane: string) => boolean = () => false;

  constructor(private readonly tmux: Tmux, private readonly notifier: Notifier, private readonly sessions: () => Iterable<Tracked> = () => [], private readonly backendSuffix: () => boolean = () => false, private readonly ask: AlertAsk = () => null, private readonly identities: () => Promise<void> = async () => undefined) {}

  /** The session's display name among all the live ones. */
  nameOf(t: Tracked): string {
    return sessionLabel(t, this.sessions(), this.backendSuffix());
  }

  /**
   * The notification that a session needs the user, in the state given; named as it is now (the
   * sessions' identities read again first: a rename a moment ago is not the daemon's news yet).
   */
  private async needNote(t: Tracked, state: MachineState["state"]): Promise<{ note: Note; said: boolean }> {
    await this.identities().catch(() => undefined);
    const name = this.nameOf(t);
    const { text, reason, said } = needText(name, state, t.cause, this.ask(t));
    return { note: { text, pane: t.pane, tokenHash: t.tokenHash, name, backend: t.backend, state, reason }, said: said && !this.hookMaySayMore(t) };
  }

  /**
   * A dialog read from the screen of a session whose hooks report its dialogs says only its asking
   * line ("Do you want to proceed?"); the hook's payload, a moment behind on a busy machine, names
   * the tool and the command, as the inbox will. The notification waits for it (ASK_WAIT_MS at most).
   */
  private hookMaySayMore(t: Tracked): boolean {
    const ask = this.ask(t);
    return t.machine.hooked === true && ask?.source === "screen" && ask.dialog !== "";
  }

  /** The daemon published (or withdrew) a session's Ask: a notification waiting for it goes now. */
  askChanged(pane: string): void {
    this.askWaits.get(pane)?.();
  }

  /**
   * Wait (at most ASK_WAIT_MS) for the session's Ask to say what its state is about, then tell
   * the episode if it still stands: a state that came first (a dialog read on screen before its
   * hook's payload, a turn's end before the event with its answer) is told with the Ask's text.
   */
  private async tellWhenSaid(t: Tracked, state: MachineState["state"], made: MachineState): Promise<void> {
    await new Promise<void>((resolve) => {
      const done = () => { clearTimeout(timer); if (this.askWaits.get(t.pane) === check) this.askWaits.delete(t.pane); resolve(); };
      const check = () => { if (needText("", state, t.cause, this.ask(t)).said && !this.hookMaySayMore(t)) done(); };
      const timer = setTimeout(done, ASK_WAIT_MS);
      timer.unref?.();
      this.askWaits.set(t.pane, check);
    });
    if (await this.mayTell(t, state, made)) await this.notifier.notify((await this.needNote(t, state)).note);
  }

  /**
   * Whether the episode `made` began may be told now: not while the session is snoozed (it is
   * marked suppressed, told when the snooze ends), not while a client shows its pane, not once the
   * state was left.
   */
  private async mayTell(t: Tracked, state: MachineState["state"], made: MachineState): Promise<boolean> {
    if (this.quiet(t.pane)) return false;
    if (readSnooze(await this.snoozeValue(t.pane)).snoozed) { t.suppressed = true; return false; }
    if ((await this.tmux.panesInView().catch(() => [] as string[])).includes(t.pane)) return false;
    return shownState(t.machine) === state && t.machine.since === made.since;
  }

  /** Whether the session is snoozed now (it raises no alerts). */
  async isSnoozed(pane: string): Promise<boolean> {
    return readSnooze(await this.snoozeValue(pane)).snoozed;
  }

  private async snoozeValue(pane: string): Promise<string> {
    return ((await this.tmux.getOption({ pane }, "@agentmux-snoozed").catch(() => "")).split("\n")[0] ?? "").trim();
  }

  /** A change made the session's state `made`: one notification per episode, and none for a state already left. */
  async stateChanged(t: Tracked, made: MachineState = t.machine): Promise<void> {
    // A session shown closing (its exit chain runs) finishing a before-exit skill's turn is no news.
    const state = shownState(made);
    if (state !== "blocked" && state !== "waiting") { t.suppressed = false; return; }
    if (!(await this.mayTell(t, state, made))) return;
    const { note, said } = await this.needNote(t, state);
    if (said) await this.notifier.notify(note);
    else void this.tellWhenSaid(t, state, made).catch(() => undefined);
  }

  /** A command that failed in a pane that is not an agent session (shell integrations). */
  async commandFailed(pane: string, payload: Record<string, unknown>): Promise<void> {
    if ((await this.tmux.panesInView().catch(() => [] as string[])).includes(pane)) return;
    const where = ((await this.tmux.query(pane, "#{session_name}:#{window_name}"))?.split("\n")[0] ?? pane).trim();
    const command = typeof payload["command"] === "string" && payload["command"] ? ` ${payload["command"].slice(0, 80)}` : "";
    const status = typeof payload["status"] === "number" ? payload["status"] : "?";
    await this.notifier.notify({ text: `${where}:${command} failed (exit ${status})`, pane, tokenHash: "", name: where, backend: "", state: "", reason: "command-failed" });
  }

  /**
   * A pattern watcher matched a line: told at once, then the pattern's matches of the next 3 s in
   * one more notification (watch-bursts.ts: the echoed command line never swallows its output);
   * none while a full-screen program holds the pane (alternate screen), none while snoozed.
   */
  async watchMatched(pane: string, payload: Record<string, unknown>, now = Date.now()): Promise<void> {
    const format = "#{alternate_on}\x1f#{@agentmux-watch}\x1f#{@agentmux-snoozed}\x1f#{session_name}:#{window_name}\x1f#{@agentmux-name}\x1f#{@agentmux-dir}\x1f#{@agentmux-instance}";
    const [info = ""] = ((await this.tmux.query(pane, format)) ?? "").split("\n");
    const [alternate, own = "", snoozed = "", window = pane, label = "", dir = "", instance = ""] = info.split("\x1f");
    const project = (await this.tmux.getOption({ pane }, "@agentmux-watch-project").catch(() => "")).split("\n").filter(Boolean);
    const line = typeof payload["line"] === "string" ? payload["line"].slice(0, 120) : "";
    // Which pattern matched (extended regexes read by RE2, which cannot backtrack: a watch pattern
    // is the user's or a repository's; the first that matches).
    const pattern = [...project, ...(own ? [own] : [])].find((p) => userRegexOrNull(p)?.test(line) ?? false) ?? own;
    // An agentmux session by its display name (among all, as list names it); any other pane by session:window.
    const t = [...this.sessions()].find((s) => s.pane === pane);
    const where = t ? this.nameOf(t) : label || dir ? nameOf(pane, dir, instance, "", label) : window;
    if (alternate === "1" || !pattern || readSnooze(snoozed, now).snoozed) return;
    const tell = (text: string) => this.notifier.notify({ text, pane, tokenHash: t?.tokenHash ?? "", name: where, backend: t?.backend ?? "", state: t?.machine.state ?? "", reason: "watch" });
    const again = (more: number, last: string) => `${where} matched /${pattern}/ ${more} more time${more === 1 ? "" : "s"}, the last: ${last}`;
    if (await this.bursts.match(`${pane} ${pattern}`, line, now, tell, again)) await tell(`${where} matched /${pattern}/: ${line}`);
  }

  /** A timed snooze that ended fires the alert it held back, if the session still needs the user. */
  async snoozesEnded(tracked: Iterable<Tracked>, now = Date.now()): Promise<void> {
    for (const t of tracked) {
      if (!t.suppressed) continue;
      const value = await this.snoozeValue(t.pane);
      if (readSnooze(value, now).snoozed) continue;
      t.suppressed = false;
      if (value !== "") await this.tmux.unsetOption({ pane: t.pane }, "@agentmux-snoozed").catch(() => undefined);
      if (t.machine.state === "blocked" || t.machine.state === "waiting") await this.notifier.notify((await this.needNote(t, t.machine.state)).note);
    }
  }
}
