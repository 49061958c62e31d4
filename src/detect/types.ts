import type { UserRegex } from "../util/user-regex.ts";

/** The states a manifest rule can give; no rule matching gives "unknown". */
export const RULE_STATES = ["working", "blocked", "idle"] as const;
export type RuleState = (typeof RULE_STATES)[number];
export type DetectState = RuleState | "unknown";

/**
 * Where a matcher looks. The structural regions are found on each screen from the manifest's
 * `layout` (src/detect/regions.ts): `live` is the current turn (below the last prompt sent or the
 * last turn's end, above the input box), `status` its last lines right above the box, `footer` what
 * the CLI draws under the box, `input` the input box itself (its rules and line, or what a CLI draws
 * between its rules in the editor's place), `modal` a dialog that replaced the input box,
 * `transcript` everything above the box. Regions that need the input box exist only when it is on screen.
 */
export type Region =
  | { kind: "screen" }
  | { kind: "title" }
  | { kind: "prompt-box" }
  | { kind: "bottom"; lines: number }
  | { kind: "above-prompt"; lines: number }
  | { kind: "live" }
  | { kind: "status" }
  | { kind: "footer" }
  | { kind: "input" }
  | { kind: "modal" }
  | { kind: "transcript" };

/**
 * How a CLI lays out its screen (the manifest's `layout`), each part a regex tested on one line: the
 * regions of a screen are found from these, so a rule says "the live status line shows a spinner"
 * rather than "some line in the bottom 12".
 */
export interface Layout {
  /**
   * A rule drawn around the input box (above and below its line), or a line of its frame: a run of
   * such lines right above the input line (opencode's ┃ column) is the box's top. When the input
   * line itself is one (Pi's editor, a line between two rules), the box runs up to the rule above it.
   */
  boxRule: UserRegex | null;
  /**
   * The input line counts only with a boxRule at most this many lines above it: a prompt sent that
   * the transcript shows just like the input line ("› say hello") has none. Null: any promptBox line.
   */
  inputUnderRule: number | null;
  /** The first line of a dialog drawn in the input box's place ("╭───" of a box); null: the last run of boxRule lines begins it. */
  dialogTop: UserRegex | null;
  /** How many of the live lines, nearest the input box, are its status (region status); null: 3. */
  statusLines: number | null;
  /** A prompt already sent, as the transcript shows it: a turn's block begins there. */
  turnStart: UserRegex | null;
  /** A finished turn's last line ("✻ Churned for 0s", "─ Worked for 1m 22s ─"): what is above it is over. */
  turnEnd: UserRegex | null;
}

/** A matcher; `region`, when set, overrides the region of the rule (or of the enclosing matcher). */
export type Matcher =
  | { kind: "contains"; text: string; region?: Region | undefined }
  | { kind: "regex"; source: string; re: UserRegex; region?: Region | undefined }
  | { kind: "not"; of: Matcher; region?: Region | undefined }
  | { kind: "any"; of: Matcher[]; region?: Region | undefined }
  | { kind: "all"; of: Matcher[]; region?: Region | undefined };

export interface Rule {
  name: string;
  state: RuleState;
  priority: number;
  region: Region;
  matcher: Matcher;
  /** Why the state holds, in a word (permission, question, plan, trust, interrupted, error, rate-limit …); null when the rule gives none. */
  cause: string | null;
}

/** How to recognise the agent in a pane. */
export interface AgentMatch {
  /** pane_current_command values. */
  commands: string[];
  /** Process names (compared with basenames) or, with a "/", path fragments, of the processes under the pane. */
  processes: string[];
  titles: UserRegex[];
}

/** A loaded, compiled manifest: regexes are built once, at load time. */
export interface Manifest {
  name: string;
  description: string;
  /** The file it came from. */
  file: string;
  builtin: boolean;
  match: AgentMatch;
  /** The line that starts the input box: the last line on screen that matches it. */
  promptBox: UserRegex | null;
  /** How the CLI lays out its screen; empty parts: the regions need only the input box. */
  layout: Layout;
  /** The agent itself draws in the alternate screen (so the alternate screen does not pause its screen rules). */
  alternateScreen: boolean;
  rules: Rule[];
  /** How this CLI draws its numbered dialogs (src/detect/dialog.ts reads them); null: the generic reading. */
  dialog: DialogShape | null;
}

/** A CLI's dialog shape, from its manifest's `dialog` section; each regex is tested on one line of the screen. */
export interface DialogShape {
  /** An option line: its first group is the number, its second the label. */
  option: UserRegex | null;
  /** A line that begins the dialog (the question is read below it). */
  top: UserRegex | null;
  /** Lines left out of the question (a tab row, a header). */
  skip: UserRegex | null;
  /** A dialog without numbers: its choices in order, each with the keys that pick it; null: numbered options only. */
  choices: DialogChoice[] | null;
}

/** One choice of a dialog drawn without numbers ("[y] Approve", "Allow once   Allow always   Reject"). */
export interface DialogChoice {
  /** The choice as the dialog shows it; the last screen line holding the first choice's label anchors the dialog. */
  label: string;
  /** The keys that pick it, as `agentmux keys` takes them ("y"; "Right", "Enter"). */
  keys: string[];
}

/** What a pane shows: plain screen text (capture-pane without -e), its title, whether the alternate screen is on. */
export interface DetectInput {
  screen: string;
  title?: string | undefined;
  alternate?: boolean | undefined;
}

/** A rule that nearly fired, and why it did not decide the state. */
export interface NearMiss {
  rule: string;
  state: RuleState;
  priority: number;
  reason: string;
}

export interface Verdict {
  state: DetectState;
  /** The rule that decided, null for unknown. */
  rule: string | null;
  priority: number | null;
  /** The line (or title) the deciding rule matched. */
  evidence: string | null;
  near: NearMiss[];
  /** Screen rules were skipped: a full-screen program holds the alternate screen. */
  paused: boolean;
  /** The deciding rule's cause, null when it names none (or nothing decided). */
  cause: string | null;
  /** "title": the deciding rule looks at the pane title only; "screen": at the screen (too); null: nothing decided. */
  region: VerdictRegion;
}

export type VerdictRegion = "title" | "screen" | null;
