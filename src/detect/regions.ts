import type { UserRegex } from "../util/user-regex.ts";
import type { Layout, Region } from "./types.ts";

/** How many of the live lines, nearest the input box, are its status line(s), unless the layout says. */
const STATUS_LINES = 3;

const NO_LAYOUT: Layout = { boxRule: null, inputUnderRule: null, dialogTop: null, statusLines: null, turnStart: null, turnEnd: null };

/**
 * The regions of one screen, found from its structure (the manifest's promptBox and layout):
 *
 *   transcript ─┬─ … earlier turns: stale, whatever they say
 *               │  ❯ the last prompt sent         ← layout.turnStart (or a turn's end, layout.turnEnd)
 *               └─ live: the current turn's lines, down to the input box
 *                    status: the last of them, right above the box (a spinner, "Waiting for …"; layout.statusLines, 3 unless set)
 *   ─────────── ← layout.boxRule (a run of them: the box's frame, opencode's ┃ column)
 *   input        ← promptBox (the last line matching it; with layout.inputUnderRule, only one under a boxRule)
 *   ───────────
 *   footer       ← everything under the box (key hints, "esc to interrupt")
 *
 * Region `input` is the box from its top down to the input line. When the input line is itself a
 * boxRule (Pi's editor: the line between two rules), the box runs up to the rule above it, and a
 * dialog drawn between the rules is in `input`. Without the input box on screen (a dialog replaced
 * it, the pane is too small or scrolled), the live lines run to the bottom, there is no footer, and
 * `modal` holds the lines from the dialog's top (the last layout.dialogTop line, else the start of
 * the last run of boxRule lines) down. Computed once per region; null where a region does not exist.
 */
export class ScreenRegions {
  private readonly lines: string[];
  private readonly title: string | undefined;
  private readonly paused: boolean;
  private readonly promptIndex: number | null;
  private readonly layout: Layout;
  private readonly cache = new Map<string, string[] | null>();
  /** The screen's non-blank lines, the current turn's start and the input box's top: worked out once, for every region that needs them. */
  private filled: string[] | null = null;
  private live: number | null = null;
  private top: number | null = null;

  constructor(screen: string, options: { title?: string | undefined; promptBox: UserRegex | null; paused?: boolean; layout?: Layout }) {
    this.lines = screenLines(screen);
    this.title = options.title === "" ? undefined : options.title;
    this.paused = options.paused ?? false;
    this.layout = options.layout ?? NO_LAYOUT;
    this.promptIndex = options.promptBox ? this.inputLine(options.promptBox) : null;
  }

  get(region: Region): string[] | null {
    const key = regionKey(region);
    if (!this.cache.has(key)) this.cache.set(key, this.compute(region));
    return this.cache.get(key) ?? null;
  }

  /** The last line matching the promptBox; with layout.inputUnderRule, the last one with a boxRule that near above it. */
  private inputLine(promptBox: UserRegex): number | null {
    const within = this.layout.inputUnderRule;
    for (let i = this.lines.length - 1; i >= 0; i--) {
      if (!promptBox.test(this.lines[i] ?? "")) continue;
      if (within === null || this.ruleAbove(i, within) !== null) return i;
    }
    return null;
  }

  /** The nearest boxRule line at most `within` lines above line `i`, or null. */
  private ruleAbove(i: number, within: number): number | null {
    const rule = this.layout.boxRule;
    if (!rule) return null;
    for (let j = i - 1; j >= Math.max(0, i - within); j--) if (rule.test(this.lines[j] ?? "")) return j;
    return null;
  }

  /** Where the input box begins (its top rule, or the top of its frame), or the screen's end without one. */
  private boxTop(): number {
    return this.top ??= this.findBoxTop();
  }

  private findBoxTop(): number {
    if (this.promptIndex === null) return this.lines.length;
    const rule = this.layout.boxRule;
    if (!rule) return this.promptIndex;
    // The input line is a rule itself (Pi's editor between two rules): the box runs up to the rule above it.
    if (rule.test(this.lines[this.promptIndex] ?? "")) return this.ruleAbove(this.promptIndex, this.promptIndex) ?? this.promptIndex;
    if (this.layout.inputUnderRule !== null) return this.ruleAbove(this.promptIndex, this.layout.inputUnderRule) ?? this.promptIndex;
    let top = this.promptIndex;
    while (top > 0 && rule.test(this.lines[top - 1] ?? "")) top--;
    return top;
  }

  /** Where a dialog drawn in the input box's place begins: the last dialogTop line, else the first of the last run of boxRule lines, else the screen's top. */
  private modalTop(): number {
    const top = this.layout.dialogTop ?? this.layout.boxRule;
    if (!top) return 0;
    let i = this.lines.length - 1;
    while (i >= 0 && !top.test(this.lines[i] ?? "")) i--;
    if (i < 0) return 0;
    if (this.layout.dialogTop) return i;
    while (i > 0 && top.test(this.lines[i - 1] ?? "")) i--;
    return i;
  }

  /** Where the current turn's lines begin: after the last prompt sent or the last turn's end above the box. */
  private liveStart(): number {
    return this.live ??= this.findLiveStart();
  }

  private findLiveStart(): number {
    const end = this.boxTop();
    for (let i = end - 1; i >= 0; i--) {
      const line = this.lines[i] ?? "";
      if (this.layout.turnStart?.test(line) || this.layout.turnEnd?.test(line)) return i + 1;
    }
    return 0;
  }

  private compute(region: Region): string[] | null {
    if (region.kind === "title") return this.title === undefined ? null : [this.title];
    if (this.paused) return null;
    switch (region.kind) {
      case "screen": return this.lines;
      case "bottom": return (this.filled ??= nonEmpty(this.lines)).slice(-region.lines);
      case "prompt-box": return this.promptIndex === null ? null : this.lines.slice(this.promptIndex);
      case "above-prompt": return this.promptIndex === null ? null : nonEmpty(this.lines.slice(0, this.promptIndex)).slice(-region.lines);
      case "transcript": return this.lines.slice(0, this.boxTop());
      case "live": return nonEmpty(this.lines.slice(this.liveStart(), this.boxTop()));
      case "status": return (this.get({ kind: "live" }) ?? []).slice(-(this.layout.statusLines ?? STATUS_LINES));
      case "input": return this.promptIndex === null ? null : nonEmpty(this.lines.slice(this.boxTop(), this.promptIndex + 1));
      case "footer": {
        if (this.promptIndex === null) return null;
        const below = this.promptIndex + 1;
        const start = this.layout.boxRule?.test(this.lines[below] ?? "") ? below + 1 : below;
        return nonEmpty(this.lines.slice(start));
      }
      case "modal": return this.promptIndex === null ? nonEmpty(this.lines.slice(this.modalTop())) : null;
    }
  }
}

/** Screen text as lines: trailing spaces of each line and trailing blank lines removed. */
export function screenLines(screen: string): string[] {
  const lines = screen.split(/\r?\n/).map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The lines that are not blank (screenLines trimmed their ends: a blank one is ""). */
function nonEmpty(lines: string[]): string[] {
  return lines.filter((line) => line !== "");
}

function regionKey(region: Region): string {
  return region.kind === "bottom" || region.kind === "above-prompt" ? `${region.kind}:${region.lines}` : region.kind;
}

/** Words for a region, in explanations. */
export function describeRegion(region: Region): string {
  switch (region.kind) {
    case "screen": return "the screen";
    case "title": return "the title";
    case "prompt-box": return "the prompt box";
    case "bottom": return `the bottom ${region.lines} lines`;
    case "above-prompt": return `${region.lines} lines above the prompt box`;
    case "live": return "the current turn (below the last prompt sent, above the input box)";
    case "status": return "the live status lines (right above the input box)";
    case "footer": return "the footer (under the input box)";
    case "input": return "the input box (its rules and line, or what is drawn between them)";
    case "modal": return "the dialog that replaced the input box";
    case "transcript": return "the transcript (above the input box)";
  }
}

/** Regions that need the manifest's promptBox to be found at all (live, status and transcript run to the bottom without one). */
export function needsPromptBox(region: Region): boolean {
  return region.kind === "prompt-box" || region.kind === "above-prompt" || region.kind === "footer" || region.kind === "input" || region.kind === "modal";
}
