import { safeLine } from "../util/terminal-text.ts";
import { pad, truncate } from "../util/width.ts";
import type { EntryState } from "./queue.ts";
import { firstLineOf, formatCost, formatRunDuration } from "./summary.ts";

type Item = { title: string };

/** Pure: the live line of one entry: its number, status, elapsed time (running) or duration, title, and the answer's first line once done. */
export function progressLine(entry: EntryState<Item>, total: number, now: number, columns: number): string {
  const width = String(total).length;
  const number = `${pad(String(entry.index + 1), width, true)}/${total}`;
  const elapsed = entry.status === "running" && entry.startedAt !== null ? formatRunDuration(now - entry.startedAt)
    : entry.outcome ? formatRunDuration(entry.outcome.durationMs) : "";
  const cost = entry.outcome && entry.outcome.costUsd !== null ? ` ${formatCost(entry.outcome.costUsd)}` : "";
  const answer = entry.outcome ? safeLine(firstLineOf(entry.outcome.text)) : "";
  const text = `${number}  ${pad(entry.status, 7)}  ${pad(elapsed, 6, true)}${cost}  ${safeLine(entry.item.title)}${answer ? ` — ${answer}` : ""}`;
  return truncate(text, Math.max(20, columns - 1));
}

/** Pure: the lines redrawn at a terminal: every entry, or when they do not fit, the running ones and a count of the rest. */
export function progressLines(entries: ReadonlyArray<EntryState<Item>>, now: number, columns: number, rows: number): string[] {
  const all = entries.map((e) => progressLine(e, entries.length, now, columns));
  const room = Math.max(3, rows - 2);
  if (all.length <= room) return all;
  const running = entries.filter((e) => e.status === "running").slice(0, room - 1);
  const count = (status: string) => entries.filter((e) => e.status === status).length;
  return [
    ...running.map((e) => progressLine(e, entries.length, now, columns)),
    `${count("done")} done, ${count("failed")} failed, ${count("queued")} queued, ${count("skipped")} not run`,
  ];
}

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
  columns?: number | undefined;
  rows?: number | undefined;
}

/**
 * Shows the queue as it runs: at a terminal, one line per entry redrawn in place (every second
 * while something runs); elsewhere a plain line each time an entry starts or ends.
 */
export class Progress {
  private drawn = 0;
  private timer: NodeJS.Timeout | null = null;
  private entries: ReadonlyArray<EntryState<Item>> = [];

  constructor(private readonly out: ProgressStream, private readonly now: () => number = Date.now) {}

  private get live(): boolean {
    return this.out.isTTY === true;
  }

  /** Show the entries before anything runs. */
  start(entries: ReadonlyArray<EntryState<Item>>): void {
    this.entries = entries;
    if (this.live) {
      this.redraw();
      this.timer = setInterval(() => this.redraw(), 1000);
      this.timer.unref();
    } else {
      this.out.write(`${entries.length} ${entries.length === 1 ? "entry" : "entries"} queued\n`);
    }
  }

  update(entries: ReadonlyArray<EntryState<Item>>, changed: EntryState<Item>): void {
    this.entries = entries;
    if (this.live) this.redraw();
    else if (changed.status !== "queued") this.out.write(`${progressLine(changed, entries.length, this.now(), 200)}\n`);
  }

  /** A message above the live lines (e.g. what Ctrl-C does). */
  note(text: string): void {
    if (this.live) {
      this.clear();
      this.out.write(`${text}\n`);
      this.drawn = 0;
      this.redraw();
    } else {
      this.out.write(`${text}\n`);
    }
  }

  /** Stop redrawing; the last state stays on the screen. */
  finish(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.live) this.redraw();
  }

  private clear(): void {
    if (this.drawn > 0) this.out.write(`\x1b[${this.drawn}F\x1b[0J`);
  }

  private redraw(): void {
    const lines = progressLines(this.entries, this.now(), this.out.columns ?? 80, this.out.rows ?? 24);
    this.clear();
    this.out.write(lines.map((l) => `\x1b[2K${l}\n`).join(""));
    this.drawn = lines.length;
  }
}
