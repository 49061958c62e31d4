import type { SessionState } from "./states.ts";

/**
 * What a session that needs the user wants, or what it said: the inbox's item text, the
 * switcher's "wants" column, the phone page's line. The daemon works it out (hook payloads,
 * the dialog on screen, the last answer) and publishes it on the pane (@agentmux-ask, JSON).
 */
export type AskKind =
  /** A tool waits for approval: text names the tool and its command, file or URL. */
  | "permission"
  /** A question with numbered options (Claude's AskUserQuestion, an elicitation). */
  | "question"
  /** A plan waits for approval: text holds the plan's first lines. */
  | "plan"
  /** The CLI asks whether to trust a folder before it works there: summary quotes the folder. */
  | "trust"
  /** Any other dialog read from the screen (trust, a login, an unknown one). */
  | "dialog"
  /** The turn ended: text holds the first lines of the last answer. */
  | "answer";

export interface Ask {
  kind: AskKind;
  /** One line (the switcher column, a notification's tail): "Bash: touch /tmp/x", "Which colour?". */
  summary: string;
  /** The full text, a few lines: the tool and its command, the question, the plan's or answer's first lines. */
  text: string[];
  /** The dialog's numbered options, in order, as shown (option 1 first); [] when there is no dialog. */
  options: string[];
  /**
   * The keys that pick each option, parallel to options, where the dialog says (a manifest's
   * `dialog.choices`: "[y] Approve", arrows and Enter); absent: optionKeys derives them.
   */
  keys?: string[][] | undefined;
  /**
   * A digest of the dialog on screen when this was read ("" when none): an answer is sent only
   * while the screen still shows a dialog with the same digest (src/detect/dialog.ts).
   */
  dialog: string;
  /** Where the text came from. */
  source: "hook" | "screen" | "transcript";
  /** When it was read (epoch ms). */
  at: number;
}

/** The pane option the daemon publishes an Ask in (JSON; unset when the session needs nothing). */
export const ASK_OPTION = "@agentmux-ask";

/** One row of the inbox (`agentmux inbox --json`, the popup, the phone page). */
export interface InboxItem {
  /** The pane; another machine's session is HOST:PANE (as `list` shows it), with `host` set. */
  pane: string;
  /** The configured host whose session this is (docs/hosts.md); absent for this machine's. */
  host?: string | undefined;
  /** The display name `list` shows. */
  name: string;
  /** The switcher key ("" when none). */
  key: string;
  backend: string;
  account: string;
  state: Extract<SessionState, "blocked" | "waiting">;
  background: boolean;
  /** When the state began (epoch ms): how long it has waited. */
  since: number;
  snoozed: boolean;
  ask: Ask | null;
}

/** The glyph of a state, beside its colour (readable without colour): one per state, and one for waiting with background work. */
export function stateGlyph(state: SessionState, background = false): string {
  switch (state) {
    case "blocked": return "⚠";
    case "waiting": return background ? "◍" : "●";
    case "working": return "◐";
    case "idle": return "○";
    case "exited": return "✕";
    case "closing": return "◌";
    default: return "?";
  }
}

const KINDS: readonly AskKind[] = ["permission", "question", "plan", "trust", "dialog", "answer"];

/** The Ask a pane option holds; null for an empty or malformed value (a reader never fails on it). */
export function parseAsk(value: string): Ask | null {
  if (!value) return null;
  for (const text of [value, value.replaceAll("##", "#")]) {
    try {
      const a = JSON.parse(text) as Partial<Ask>;
      if (!a || !KINDS.includes(a.kind as AskKind)) continue;
      const lines = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
      return {
        kind: a.kind as AskKind,
        summary: typeof a.summary === "string" ? a.summary : "",
        text: lines(a.text),
        options: lines(a.options),
        ...(Array.isArray(a.keys) && a.keys.length === lines(a.options).length && a.keys.every((k) => lines(k).length > 0) ? { keys: a.keys.map(lines) } : {}),
        dialog: typeof a.dialog === "string" ? a.dialog : "",
        source: a.source === "screen" || a.source === "transcript" ? a.source : "hook",
        at: typeof a.at === "number" ? a.at : 0,
      };
    } catch { /* the next reading */ }
  }
  return null;
}

/**
 * The key that picks option n of a numbered dialog: the shortcut its label names at its end, a
 * letter or esc (Codex's "Yes, proceed (y)", "No, … (esc)"), else its number (Claude's dialogs take digits).
 */
export function optionKey(option: string, n: number): string {
  const shortcut = /\(([a-z]|esc)\)$/i.exec(option.trim())?.[1];
  if (!shortcut) return String(n);
  return shortcut.toLowerCase() === "esc" ? "Escape" : shortcut;
}

/** The keys that pick each of an Ask's options: the ones the dialog gave, else each option's optionKey. */
export function optionKeys(ask: Pick<Ask, "options" | "keys">): string[][] {
  if (ask.keys && ask.keys.length === ask.options.length) return ask.keys;
  return ask.options.map((o, i) => [optionKey(o, i + 1)]);
}
