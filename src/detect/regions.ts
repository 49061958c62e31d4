import type { UserRegex } from "../util/user-regex.ts";
import type { Region } from "./types.ts";

/** The lines a region covers on one screen, computed once per region; null where the region does not exist. */
export class ScreenRegions {
  private readonly lines: string[];
  private readonly title: string | undefined;
  private readonly paused: boolean;
  private readonly promptIndex: number | null;
  private readonly cache = new Map<string, string[] | null>();

  constructor(screen: string, options: { title?: string | undefined; promptBox: UserRegex | null; paused?: boolean }) {
    this.lines = screenLines(screen);
    this.title = options.title === "" ? undefined : options.title;
    this.paused = options.paused ?? false;
    this.promptIndex = options.promptBox ? lastIndexMatching(this.lines, options.promptBox) : null;
  }

  get(region: Region): string[] | null {
    const key = regionKey(region);
    if (!this.cache.has(key)) this.cache.set(key, this.compute(region));
    return this.cache.get(key) ?? null;
  }

  private compute(region: Region): string[] | null {
    if (region.kind === "title") return this.title === undefined ? null : [this.title];
    if (this.paused) return null;
    switch (region.kind) {
      case "screen": return this.lines;
      case "bottom": return nonEmpty(this.lines).slice(-region.lines);
      case "prompt-box": return this.promptIndex === null ? null : this.lines.slice(this.promptIndex);
      case "above-prompt": return this.promptIndex === null ? null : nonEmpty(this.lines.slice(0, this.promptIndex)).slice(-region.lines);
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
  }
}

export function needsPromptBox(region: Region): boolean {
  return region.kind === "prompt-box" || region.kind === "above-prompt";
}
