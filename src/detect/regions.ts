import type { UserRegex } from "../util/user-regex.ts";
import type { Layout, Region } from "./types.ts";

/** How many of the live lines, nearest the input box, are its status line(s). */
const STATUS_LINES = 3;

const NO_LAYOUT: Layout = { boxRule: null, turnStart: null, turnEnd: null };

/**
 * The regions of one screen, found from its structure (the manifest's promptBox and layout):
 *
 *   transcript ─┬─ … earlier turns: stale, whatever they say
 *               │  ❯ the last prompt sent         ← layout.turnStart (or a turn's end, layout.turnEnd)
 *               └─ live: the current turn's lines, down to the input box
 *                    status: the last of them, right above the box (a spinner, "Waiting for …")
 *   ─────────── ← layout.boxRule
 *   input        ← promptBox (the last line matching it)
 *   ───────────
 *   footer       ← everything under the box (key hints, "esc to interrupt")
 *
 * Without the input box on screen (a dialog replaced it, the pane is too small or scrolled), the
 * live lines run to the bottom, there is no footer, and `modal` holds the lines from the dialog's
 * top (the last rule) down. Computed once per region; null where a region does not exist.
 */
export class ScreenRegions {
  private readonly lines: string[];
  private readonly title: string | undefined;
  private readonly paused: boolean;
  private readonly promptIndex: number | null;
  private readonly layout: Layout;
  private readonly cache = new Map<string, string[] | null>();

  constructor(screen: string, options: { title?: string | undefined; promptBox: UserRegex | null; paused?: boolean; layout?: Layout }) {
    this.lines = screenLines(screen);
    this.title = options.title === "" ? undefined : options.title;
    this.paused = options.paused ?? false;
    this.layout = options.layout ?? NO_LAYOUT;
    this.promptIndex = options.promptBox ? lastIndexMatching(this.lines, options.promptBox) : null;
  }

  get(region: Region): string[] | null {
    const key = regionKey(region);
    if (!this.cache.has(key)) this.cache.set(key, this.compute(region));
    return this.cache.get(key) ?? null;
  }

  /** Where the input box begins (its top rule, else its line), or the screen's end without one. */
  private boxTop(): number {
    if (this.promptIndex === null) return this.lines.length;
    const above = this.promptIndex - 1;
    return above >= 0 && this.layout.boxRule?.test(this.lines[above] ?? "") ? above : this.promptIndex;
  }

  /** Where the current turn's lines begin: after the last prompt sent or the last turn's end above the box. */
  private liveStart(): number {
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
      case "bottom": return nonEmpty(this.lines).slice(-region.lines);
      case "prompt-box": return this.promptIndex === null ? null : this.lines.slice(this.promptIndex);
      case "above-prompt": return this.promptIndex === null ? null : nonEmpty(this.lines.slice(0, this.promptIndex)).slice(-region.lines);
      case "transcript": return this.lines.slice(0, this.boxTop());
      case "live": return nonEmpty(this.lines.slice(this.liveStart(), this.boxTop()));
      case "status": return nonEmpty(this.lines.slice(this.liveStart(), this.boxTop())).slice(-STATUS_LINES);
      case "footer": {
        if (this.promptIndex === null) return null;
        const below = this.promptIndex + 1;
        const start = this.layout.boxRule?.test(this.lines[below] ?? "") ? below + 1 : below;
        return nonEmpty(this.lines.slice(start));
      }
      case "modal": {
        if (this.promptIndex !== null) return null;
        const rule = this.layout.boxRule;
        let top = 0;
        if (rule) for (let i = this.lines.length - 1; i >= 0; i--) if (rule.test(this.lines[i] ?? "")) { top = i; break; }
        return nonEmpty(this.lines.slice(top));
      }
    }
  }
}

/** Screen text as lines: trailing spaces of each line and trailing blank lines removed. */
export function screenLines(screen: string): string[] {
  const lines = screen.split(/\r?\n/).map((line) => line.replace(/\s+$/u, ""));
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

function nonEmpty(lines: string[]): string[] {
  return lines.filter((line) => line.trim() !== "");
}

function lastIndexMatching(lines: string[], re: UserRegex): number | null {
  for (let i = lines.length - 1; i >= 0; i--) if (re.test(lines[i] ?? "")) return i;
  return null;
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
    case "modal": return "the dialog that replaced the input box";
    case "transcript": return "the transcript (above the input box)";
  }
}

/** Regions that need the manifest's promptBox to be found at all (live, status and transcript run to the bottom without one). */
export function needsPromptBox(region: Region): boolean {
  return region.kind === "prompt-box" || region.kind === "above-prompt" || region.kind === "footer" || region.kind === "modal";
}
