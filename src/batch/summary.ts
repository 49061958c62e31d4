import { safeLine } from "../util/terminal-text.ts";
import { formatDuration } from "../util/duration.ts";
import { pad, truncate } from "../util/width.ts";
import type { EntryState, EntryStatus } from "./queue.ts";

/** What the summary says of one entry (and summary.json holds). */
export interface SummaryEntry {
  /** 1-based, as in the output file's name. */
  number: number;
  title: string;
  /** The line of the file it came from, when it came from a file. */
  line: number | null;
  status: EntryStatus;
  durationMs: number | null;
  costUsd: number | null;
  exitCode: number | null;
  sessionId: string | null;
  /** The raw output's file in the run directory; null when it never ran. */
  outputFile: string | null;
  /** The answer's (or the error's) first line. */
  firstLine: string;
}

export interface Summary {
  kind: "batch" | "audit";
  backend: string;
  dir: string;
  source: string | null;
  runDir: string;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  stopped: boolean;
  entries: SummaryEntry[];
  totals: { entries: number; done: number; failed: number; skipped: number; costUsd: number | null };
}

/** Pure: a duration as the summary shows it: tenths under ten seconds, then 12s, 1m32s. */
export function formatRunDuration(ms: number | null): string {
  if (ms === null) return "-";
  return ms < 10_000 ? `${(Math.max(0, ms) / 1000).toFixed(1)}s` : formatDuration(ms);
}

/** Pure: a cost in dollars, or a dash where the backend reports none. */
export function formatCost(usd: number | null): string {
  return usd === null ? "-" : `$${usd.toFixed(4)}`;
}

/** Pure: the first non-blank line of a text. */
export function firstLineOf(text: string): string {
  return text.split("\n").find((l) => l.trim() !== "")?.trim() ?? "";
}

/** Pure: the summary of one entry from the queue's state. */
export function summaryEntry(state: EntryState<{ title: string; line: number | null }>, outputFile: string | null): SummaryEntry {
  const outcome = state.outcome;
  return {
    number: state.index + 1,
    title: state.item.title,
    line: state.item.line,
    status: state.status,
    durationMs: outcome?.durationMs ?? null,
    costUsd: outcome?.costUsd ?? null,
    exitCode: outcome?.exitCode ?? null,
    sessionId: outcome?.sessionId ?? null,
    outputFile,
    firstLine: outcome ? firstLineOf(outcome.text) : "",
  };
}

/** Pure: the totals line's numbers. */
export function totalsOf(entries: readonly SummaryEntry[]): Summary["totals"] {
  const costs = entries.map((e) => e.costUsd).filter((c): c is number => c !== null);
  return {
    entries: entries.length,
    done: entries.filter((e) => e.status === "done").length,
    failed: entries.filter((e) => e.status === "failed").length,
    skipped: entries.filter((e) => e.status === "skipped" || e.status === "queued").length,
    costUsd: costs.length > 0 ? costs.reduce((a, b) => a + b, 0) : null,
  };
}

const TITLE_WIDTH = 28;
const STATUS_WIDTH = 7;
const TIME_WIDTH = 7;
const COST_WIDTH = 9;

/** Pure: the summary table (entry, status, duration, cost, output's first line) and its totals, for `columns` columns. */
export function formatSummary(summary: Summary, columns = 100): string {
  const numberWidth = Math.max(2, String(summary.entries.length).length);
  const fixed = numberWidth + TITLE_WIDTH + STATUS_WIDTH + TIME_WIDTH + COST_WIDTH + 5 * 2;
  const outputWidth = Math.max(10, columns - fixed);
  const row = (cells: [string, string, string, string, string, string]): string =>
    [pad(cells[0], numberWidth, true), pad(truncate(cells[1], TITLE_WIDTH), TITLE_WIDTH), pad(cells[2], STATUS_WIDTH), pad(cells[3], TIME_WIDTH, true),
      pad(cells[4], COST_WIDTH, true), truncate(cells[5], outputWidth)].join("  ").trimEnd();
  const lines = [row(["#", "entry", "status", "time", "cost", "output"])];
  for (const e of summary.entries) {
    lines.push(row([String(e.number), safeLine(e.title), e.status === "queued" ? "skipped" : e.status, formatRunDuration(e.durationMs), formatCost(e.costUsd), safeLine(e.firstLine) || "-"]));
  }
  const t = summary.totals;
  const counts = [`${t.done} done`, `${t.failed} failed`, ...(t.skipped > 0 ? [`${t.skipped} not run`] : [])].join(", ");
  lines.push("");
  lines.push(`${t.entries} ${t.entries === 1 ? "entry" : "entries"}: ${counts} · ${formatRunDuration(summary.durationMs)} · cost ${formatCost(t.costUsd)}${summary.stopped ? " · stopped by Ctrl-C" : ""}`);
  lines.push(`outputs: ${safeLine(summary.runDir)}`);
  return `${lines.join("\n")}\n`;
}
