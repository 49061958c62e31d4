import { ACCOUNT_BACKENDS, type AccountBackend } from "../backends/account-homes.ts";
import type { Config } from "../config/config.ts";
import { formatAge } from "../util/text.ts";
import { accountsOf } from "./accounts.ts";
import type { UsageRecord } from "./usage-store.ts";

/** One line of `agentmux usage` (and its --json form: times as ISO strings, null where unknown). */
export interface UsageRow {
  backend: AccountBackend;
  account: string;
  pool: string | null;
  sessionPct: number | null;
  weeklyPct: number | null;
  sessionResetsAt: string | null;
  weeklyResetsAt: string | null;
  limited: boolean | null;
  fetchedAt: string | null;
  ageSeconds: number | null;
  /** Older than usage.staleAfter: routing ignores it. */
  stale: boolean;
  skipped: string | null;
  error: string | null;
  /** The error was no HTTP answer at all. */
  network: boolean;
  retryAt: string | null;
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** Every configured account with its last reading; a window whose reset has passed shows nothing. */
export function usageRows(config: Config, record: (backend: AccountBackend, account: string) => UsageRecord | undefined, now: number): UsageRow[] {
  return ACCOUNT_BACKENDS.flatMap((backend) => accountsOf(config, backend).map((account): UsageRow => {
    const r = record(backend, account.name);
    const reading = r?.reading;
    const live = (resetsAt: number | null | undefined) => resetsAt === null || resetsAt === undefined || resetsAt > now;
    const session = reading && live(reading.sessionResetsAt);
    const weekly = reading && live(reading.weeklyResetsAt);
    return {
      backend,
      account: account.name,
      pool: account.pool ?? null,
      sessionPct: session ? reading.sessionPct : null,
      weeklyPct: weekly ? reading.weeklyPct : null,
      sessionResetsAt: session ? iso(reading.sessionResetsAt) : null,
      weeklyResetsAt: weekly ? iso(reading.weeklyResetsAt) : null,
      limited: reading ? reading.limited : null,
      fetchedAt: iso(reading?.fetchedAt),
      ageSeconds: reading ? Math.max(0, Math.round((now - reading.fetchedAt) / 1000)) : null,
      stale: reading ? now - reading.fetchedAt > config.usage.staleAfter * 1000 : false,
      skipped: r?.skipped ?? null,
      error: r?.error?.message ?? null,
      network: r?.error?.network ?? false,
      retryAt: iso(r?.retryAt),
    };
  }));
}

/** A ten-cell bar for a percentage. */
export function percentBar(pct: number, width = 10): string {
  const filled = Math.max(0, Math.min(width, Math.round((pct / 100) * width)));
  return "█".repeat(filled) + "░".repeat(width - filled);
}

const DIM = (s: string) => `\x1b[2m${s}\x1b[0m`;
const YELLOW = (s: string) => `\x1b[33m${s}\x1b[0m`;

function until(at: string | null, now: number): string {
  return at === null ? "-" : `in ${formatAge(Date.parse(at) - now)}`;
}

/** The table for a terminal or a popup; stale readings dimmed (their age highlighted) when color is on. */
export function renderUsage(rows: readonly UsageRow[], options: { color: boolean; now: number }): string {
  if (rows.length === 0) return "no accounts (declare them under backends.claude.accounts or backends.codex.accounts)";
  const header = ["ACCOUNT", "POOL", "SESSION", "WEEKLY", "", "RESETS", "LIMITED", "AGE", "ERROR"];
  const pct = (v: number | null) => (v === null ? "-" : `${Math.round(v)}%`);
  const cells = rows.map((r) => {
    let error = r.skipped ?? "";
    if (r.error) error = r.network ? `${r.error} (no answer)` : `${r.error}${r.retryAt ? ` (retry ${until(r.retryAt, options.now)})` : ""}`;
    return [
      `${r.backend}/${r.account}`, r.pool ?? "-", pct(r.sessionPct), pct(r.weeklyPct), r.weeklyPct === null ? "" : percentBar(r.weeklyPct),
      until(r.weeklyResetsAt, options.now), r.limited ? "yes" : "", r.ageSeconds === null ? "never" : formatAge(r.ageSeconds * 1000), error,
    ];
  });
  const all = [header, ...cells];
  const widths = header.map((_, i) => Math.max(...all.map((row) => [...(row[i] ?? "")].length)));
  return all.map((row, index) => {
    const r = rows[index - 1];
    const line = row.map((cell, i) => {
      const padded = i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0);
      if (!options.color || !r) return padded;
      if (i === 7 && r.stale) return YELLOW(padded);
      if (i === 8 && r.network) return DIM(padded);
      return r.stale ? DIM(padded) : padded;
    }).join("  ");
    return line.trimEnd();
  }).join("\n");
}
