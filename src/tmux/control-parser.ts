/** Messages of tmux control mode (`tmux -C`), as a tagged union. */
export type ControlMessage =
  | { type: "response"; time: number; number: number; flags: number; ok: boolean; lines: string[] }
  | { type: "output"; pane: string; data: string }
  | { type: "exit"; reason: string }
  | { type: "notification"; name: string; args: string[]; raw: string };

/** Decode the octal escapes (\ooo) tmux uses in %output for control characters and backslash. */
export function decodeOutput(value: string): string {
  return value.replace(/\\([0-7]{3})/g, (_m, oct: string) => String.fromCharCode(parseInt(oct, 8)));
}

/**
 * Incremental line parser. Feed it whole lines (without "\n"); it returns a message when one is
 * complete. Inside a %begin block every line is payload, even one starting with "%".
 */
export class ControlParser {
  private block: { time: number; number: number; flags: number; lines: string[] } | null = null;

  feed(line: string): ControlMessage | null {
    if (this.block) {
      // A capture's lines pour through here: the pattern only for a line that may end the block.
      const end = line.charCodeAt(0) === 37 ? /^%(end|error) (\d+) (\d+) (\d+)$/.exec(line) : null;
      if (end && Number(end[3]) === this.block.number) {
        const done = this.block;
        this.block = null;
        return { type: "response", time: done.time, number: done.number, flags: done.flags, ok: end[1] === "end", lines: done.lines };
      }
      this.block.lines.push(line);
      return null;
    }
    const begin = /^%begin (\d+) (\d+) (\d+)$/.exec(line);
    if (begin) {
      this.block = { time: Number(begin[1]), number: Number(begin[2]), flags: Number(begin[3]), lines: [] };
      return null;
    }
    if (line.startsWith("%output ")) {
      const rest = line.slice("%output ".length);
      const space = rest.indexOf(" ");
      const pane = space < 0 ? rest : rest.slice(0, space);
      return { type: "output", pane, data: space < 0 ? "" : decodeOutput(rest.slice(space + 1)) };
    }
    if (line.startsWith("%extended-output ")) {
      // %extended-output %pane age ... : value
      const match = /^%extended-output (%\d+) .*? : (.*)$/.exec(line);
      if (match) return { type: "output", pane: match[1] ?? "", data: decodeOutput(match[2] ?? "") };
      return null;
    }
    if (line === "%exit" || line.startsWith("%exit ")) {
      return { type: "exit", reason: line.slice("%exit".length).trim() };
    }
    if (line.startsWith("%")) {
      const parts = line.slice(1).split(" ");
      const name = parts.shift() ?? "";
      return { type: "notification", name, args: parts, raw: line };
    }
    // Anything else outside a block (stray output) is ignored.
    return null;
  }
}

import { THEN } from "./safe-text.ts";

/** Quote one argument for tmux's command parser (single quotes, like sh). */
export function quoteArg(arg: string): string {
  if (/^[A-Za-z0-9_@%:.,/=+-]+$/.test(arg) && !arg.startsWith("~")) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** Build one control-mode command line; newlines cannot travel inside one. */
export function commandLine(args: string[]): string {
  for (const arg of args) {
    if (/[\r\n]/.test(arg)) throw new Error(`a control-mode command cannot carry a newline: ${JSON.stringify(arg)}`);
  }
  return args.map((arg) => (arg === THEN ? ";" : quoteArg(arg))).join(" ");
}
