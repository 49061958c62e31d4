import type { Channel, Channels, LiveWord, ScreenWord } from "./evidence.ts";
import type { MachineEvent, MachineState } from "./state-machine.ts";

/** The screen contradicts a state the hooks or the live status gave only after this long. */
export const SCREEN_SETTLE_MS = 3000;
/** A live report counts this long after the session's last event (hooks and queries arrive late). */
export const LIVE_SETTLE_MS = 3000;
/** Positive evidence that a dialog is gone (the prompt free, no dialog) holds this long first. */
export const DIALOG_GONE_MS = 1500;
/** A hook's blocker whose dialog the screen never showed ends on the screen's word only after this long (the agent draws it late). */
export const DIALOG_UNSEEN_MS = 5000;
/** A dialog the screen sees raises blocked from waiting or idle once it held this long. */
export const SCREEN_DIALOG_MS = 600;
/** A turn that ends this soon after an Escape was interrupted. */
export const INTERRUPT_WINDOW_MS = 10_000;
/** After an Escape, a screen showing the turn over is believed after this long. */
export const INTERRUPT_SETTLE_MS = 1000;
/** A turn the live status says ended waits this long at most for the screen to be looked at since. */
export const LIVE_SCREEN_WAIT_MS = 2000;
/** A stop this close to the screen showing the turn interrupted was the interrupt's. */
export const INTERRUPT_STOP_MS = 2000;
/** A free prompt that was there before the turn began ends it only after this long (a lost stop). */
export const STALE_TURN_MS = 20_000;
/**
 * A spinner title alone is the CLI's, not a turn's: Codex spins it while it starts after a dialog
 * and while it shuts down (Ctrl-C, /quit), for as long as a loaded machine makes that take. It
 * keeps a running turn going but begins none and answers no blocker; only at first sight (a daemon
 * started mid-turn, no hooks) does it say working, once held this long.
 */
export const TITLE_TURN_MS = 1000;
/**
 * Every time in these rules counts from a word's time (a channel's, the last event's, the state's)
 * and the longest is STALE_TURN_MS: once every word is older than this, time alone changes no
 * decision (the session table stops weighing such a session each tick). A unit test keeps it the longest.
 */
export const SETTLED_MS = STALE_TURN_MS + 5000;

export interface DecisionInput {
  machine: MachineState;
  /** The channel whose evidence made the current state (a blocker's provenance). */
  raisedBy: Channel | null;
  channels: Channels;
  /** The session has a hook channel (the hooks mark turn boundaries; the screen only fills in). */
  hooks: boolean;
  now: number;
  /** The last look at which the screen showed a dialog (a blocked verdict); null: none yet. */
  dialogSeenAt?: number | null;
}

export interface Decision {
  /** The rule that decided (a row of the table in docs/state.md). */
  rule: string;
  why: string;
  /** The event that moves the state machine; null holds the state. */
  event: MachineEvent | null;
  /** Who the new state is credited to, and why it needs the user (blocked). */
  raisedBy?: Channel | undefined;
  cause?: string | undefined;
}

type Rule = (d: Facts) => Decision | null;

/** The input with the figures every rule needs. */
interface Facts extends DecisionInput {
  state: MachineState["state"];
  screen: ScreenWord | null;
  live: LiveWord | null;
  /** The last thing that happened to the session: a hook event, a submit or Escape, a state change. */
  lastEvent: number;
}

const held = (f: Facts, word: { since: number }, ms: number) => f.now - word.since >= ms;
const calm = (f: Facts, ms: number) => f.now - f.lastEvent >= ms;
/** The word began after the current state did: news, not what was there before. */
const news = (f: Facts, word: { since: number } | null): boolean => word !== null && word.since > f.machine.since;
/** Strong screen evidence looks at the screen itself; the title alone counts only without hooks or for the screen's own blocker. */
/** A live report read at least the settle time after the session's last event: the CLI has had time to write it. */
const current = (f: Facts, live: LiveWord | null): live is LiveWord => live !== null && live.at - f.lastEvent >= LIVE_SETTLE_MS;
const strong = (f: Facts, s: ScreenWord) => s.region === "screen" || !f.hooks;
const interrupted = (s: ScreenWord | null) => s !== null && s.verdict === "blocked" && s.cause === "interrupted";
const hold = (rule: string, why: string): Decision => ({ rule, why, event: null });
const move = (rule: string, why: string, event: MachineEvent, raisedBy: Channel, cause?: string): Decision => ({ rule, why, event, raisedBy, cause });

function escapedRecently(f: Facts): boolean {
  const input = f.channels.input;
  return input !== null && input.kind === "escape" && f.now - input.at <= INTERRUPT_WINDOW_MS && input.at >= (f.machine.turnStart ?? 0);
}

/**
 * After a dialog goes away: a dialog before any turn (folder trust at start) or one the user typed
 * at has been seen (idle); otherwise the turn it interrupted has ended (waiting).
 */
function afterDialog(f: Facts, rule: string, why: string, channel: Channel): Decision {
  const typed = f.channels.input !== null && f.channels.input.at >= f.machine.since;
  const seen = typed || f.machine.turnStart === null;
  return move(rule, why, seen ? { kind: "idle", at: f.now } : { kind: "stop", at: f.now }, channel);
}

/** The turn visibly ended: waiting, or after an Escape interrupted (blocked). */
function turnEnded(f: Facts, rule: string, why: string, channel: Channel): Decision {
  if (escapedRecently(f)) return move("interrupted-by-escape", `${why}, right after an Escape: the turn was interrupted`, { kind: "blocked", at: f.now }, channel, "interrupted");
  return move(rule, why, { kind: "stop", at: f.now }, channel);
}

const RULES: Rule[] = [
  (f) => f.state === "exited" ? hold("final", "exited: only a new process moves it") : null,

  // An interrupted turn waits for an instruction: blocked, whoever pressed Escape.
  (f) => {
    const s = f.screen;
    if (!interrupted(s) || !s) return null;
    if (f.state === "working" && s.since >= (f.machine.turnStart ?? 0)) return move("interrupted-on-screen", "the screen shows the turn interrupted", { kind: "blocked", at: f.now }, "screen", "interrupted");
    // The turn that just ended (a stop shortly before or after the screen said so) was interrupted.
    if (f.state === "waiting" && s.since >= (f.machine.turnStart ?? 0) && Math.abs(s.since - f.machine.since) <= INTERRUPT_STOP_MS) {
      return move("interrupted-on-screen", "the turn that just ended shows as interrupted", { kind: "blocked", at: f.now }, "screen", "interrupted");
    }
    if (f.state === "unknown") return move("first-sight", "the screen shows a prompt after an interrupted turn", { kind: "started", at: f.now }, "screen");
    return null;
  },

  // The screen raises blocked on its own when it recognises a dialog.
  (f) => {
    const s = f.screen;
    if (!s || s.verdict !== "blocked" || interrupted(s) || f.state === "blocked") return null;
    const raise = () => move("dialog-on-screen", `the screen shows a dialog (${s.rule ?? "?"})`, { kind: "blocked", at: f.now }, "screen", s.cause ?? undefined);
    if (f.state === "unknown") return raise();
    // A dialog drawn before the current state began (one just answered) is old news.
    if (!news(f, s)) return hold("dialog-old", "the dialog on screen is from before the current state");
    // Without hooks the screen is the only word: at once. With them, a moment's hold against a redraw.
    if (f.state === "working" || !f.hooks) return raise();
    return held(f, s, SCREEN_DIALOG_MS) ? raise() : hold("dialog-settling", "a dialog on screen, not yet held long enough");
  },

  // A blocker ends only on positive evidence that the dialog is gone.
  (f) => {
    if (f.state !== "blocked") return null;
    const s = f.screen;
    const live = f.live;
    const own = f.raisedBy === "screen";
    // A dialog (or an interrupted turn) still on screen: it is not gone, whatever else says idle.
    if (s && s.verdict === "blocked") return hold("blocker-on-screen", `the screen still shows it (${s.rule ?? "?"})`);
    // Held a moment: the dialog a hook announced may not be drawn yet, the spinner still showing.
    // Until the screen has shown that dialog (drawn, then gone), much longer: an agent may draw
    // it seconds after its hook. Without hooks the screen is the only word: no hold.
    const drawn = own || (f.dialogSeenAt != null && f.dialogSeenAt >= f.machine.since);
    const gone = !f.hooks ? 0 : drawn ? DIALOG_GONE_MS : DIALOG_UNSEEN_MS;
    // The turn running again shows on the screen itself: a spinner title alone is the CLI's (TITLE_TURN_MS).
    if (s && s.verdict === "working" && s.region === "screen" && news(f, s) && held(f, s, gone)) {
      return move("blocker-answered", "the screen shows the turn running again", { kind: "activity", at: f.now }, "screen");
    }
    if (current(f, live) && live.status === "busy") return move("blocker-answered", `${live.source} says busy`, { kind: "activity", at: f.now }, "live");
    if (s && s.verdict === "idle" && news(f, s) && held(f, s, gone) && (strong(f, s) || own)) return afterDialog(f, "blocker-gone", "the prompt is free and no dialog is on screen", "screen");
    if (s && s.verdict === "unknown" && own && news(f, s) && held(f, s, SCREEN_SETTLE_MS)) return afterDialog(f, "blocker-gone", "the dialog the screen saw is gone", "screen");
    if (current(f, live) && live.status === "idle") return afterDialog(f, "blocker-gone", `${live.source} says idle`, "live");
    return hold("blocker-holds", "a blocker ends only on positive evidence that the dialog is gone");
  },

  // A turn that stopped with background work waits until a new turn begins (a spinner title alone is not a turn).
  (f) => {
    if ((f.state !== "waiting" && f.state !== "idle") || !f.machine.background) return null;
    const busy = f.screen?.verdict === "working" || f.live?.status === "busy";
    return busy ? hold("background-holds", "stopped with background work: waiting until a new turn begins") : null;
  },

  (f) => {
    if (f.state !== "working") return null;
    const s = f.screen;
    const live = f.live;
    const escaped = escapedRecently(f);
    // A free prompt that appeared after the turn began is news; one that never changed may be a screen the turn has not redrawn yet.
    // Without hooks the screen is the only word: news ends the turn at once, an unchanged prompt after the settle time.
    const settle = !f.hooks ? (news(f, s) ? 0 : SCREEN_SETTLE_MS) : escaped ? INTERRUPT_SETTLE_MS : news(f, s) ? SCREEN_SETTLE_MS : STALE_TURN_MS;
    if (s && s.verdict === "idle" && strong(f, s) && held(f, s, settle) && calm(f, settle)) return turnEnded(f, "turn-ended-on-screen", "the prompt is free and nothing runs on screen", "screen");
    // The screen is looked at after the live status changes: an interrupted turn shows there first (blocked, not waiting then blocked).
    const screenCaughtUp = (word: LiveWord) => !s || s.at >= word.since || f.now - word.since >= LIVE_SCREEN_WAIT_MS;
    if (live && live.status === "idle" && live.at - f.lastEvent >= (escaped ? INTERRUPT_SETTLE_MS : LIVE_SETTLE_MS) && screenCaughtUp(live)) return turnEnded(f, "turn-ended-live", `${live.source} says idle`, "live");
    if (current(f, live) && live.status === "waiting") return move("live-waiting", `${live.source} says waiting${live.waitingFor ? ` (${live.waitingFor})` : ""}`, { kind: "blocked", at: f.now }, "live", live.waitingFor);
    return null;
  },

  (f) => {
    if (f.state !== "waiting" && f.state !== "idle" && f.state !== "unknown") return null;
    const s = f.screen;
    const live = f.live;
    // A turn begins on the screen itself; a spinner title alone only at first sight (TITLE_TURN_MS).
    const begins = s !== null && (s.region === "screen" || f.state === "unknown");
    const settle = f.hooks ? SCREEN_SETTLE_MS : s?.region === "title" ? TITLE_TURN_MS : 0;
    if (s && s.verdict === "working" && begins && strong(f, s) && (news(f, s) || f.state === "unknown") && held(f, s, settle) && calm(f, settle)) return move("turn-began-on-screen", "the screen shows a turn running", { kind: "activity", at: f.now }, "screen");
    if (current(f, live) && live.status === "busy") return move("turn-began-live", `${live.source} says busy`, { kind: "activity", at: f.now }, "live");
    if (current(f, live) && live.status === "waiting") {
      // A report of waiting from before the current state is the blocker it already left (answered, then gone): raising it again would flap.
      if (f.state !== "unknown" && !news(f, live)) return hold("live-waiting-old", `${live.source} has said waiting since before the current state`);
      return move("live-waiting", `${live.source} says waiting${live.waitingFor ? ` (${live.waitingFor})` : ""}`, { kind: "blocked", at: f.now }, "live", live.waitingFor);
    }
    if (f.state === "unknown" && s && s.verdict === "idle") return move("first-sight", "the screen shows the prompt", { kind: "started", at: f.now }, "screen");
    if (f.state === "unknown" && live && live.status === "idle") return move("first-sight", `${live.source} says idle`, { kind: "started", at: f.now }, "live");
    return null;
  },
];

/**
 * The one decision: a session's current state and every channel's latest word (with its age) give
 * the event that moves it, or a hold, and the rule that said so. Pure; every rule is a row of the
 * table in test/unit/core/decide.test.ts. Hooks mark turn boundaries and reach the state machine
 * directly; this weighs the rest against them.
 */
export function decide(input: DecisionInput): Decision {
  const c = input.channels;
  const lastEvent = Math.max(c.hook?.at ?? 0, c.input && c.input.kind !== "keys" ? c.input.at : 0, input.machine.since);
  const facts: Facts = { ...input, state: input.machine.state, screen: c.screen, live: c.live, lastEvent };
  for (const rule of RULES) {
    const d = rule(facts);
    if (d) return d;
  }
  return hold("agree", "nothing contradicts the state");
}
