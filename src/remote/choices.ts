import { accountsOf, hasCredentials, poolsOf } from "../accounts/accounts.ts";
import { currentReading, isExhausted } from "../accounts/reading.ts";
import type { AccountBackend } from "../backends/account-homes.ts";
import type { UsageReading } from "../backends/shared/usage-http.ts";
import type { Config } from "../config/config.ts";

/** One line of the Restart sheet (the contract's choice). */
export interface Choice {
  value: string;
  label: string;
  kind: "pool" | "account";
  weekly: string | null;
  session: string | null;
  limited: boolean;
  loggedOut: boolean;
}

export type Readings = (backend: AccountBackend, account: string) => UsageReading | undefined;

const pct = (v: number | null | undefined) => (v === null || v === undefined ? null : `${Math.round(v)}%`);

/**
 * Pure: a backend's pools, then its accounts, each with its latest weekly and session usage (a
 * window whose reset passed reads 0 %), limited when at a limit, logged out without credentials. A
 * pool is limited when every member is, logged out when no member is logged in.
 */
export function accountChoices(config: Config, backend: AccountBackend, readings: Readings, loggedIn: (name: string) => boolean, now: number): Choice[] {
  const accounts = accountsOf(config, backend).map((a): Choice => {
    const raw = readings(backend, a.name);
    const r = raw ? currentReading(raw, now) : undefined;
    return {
      value: a.name, label: a.pool === undefined ? a.name : `${a.name} (pool ${a.pool})`, kind: "account",
      weekly: pct(r?.weeklyPct), session: pct(r?.sessionPct), limited: r ? isExhausted(r) : false, loggedOut: !loggedIn(a.name),
    };
  });
  const pools = poolsOf(config, backend).map((p): Choice => {
    const members = accounts.filter((c) => p.members.some((m) => m.name === c.value));
    return {
      value: p.name, label: `${p.name}: ${p.members.map((m) => m.name).join(", ")}`, kind: "pool", weekly: null, session: null,
      limited: members.length > 0 && members.every((m) => m.limited), loggedOut: members.every((m) => m.loggedOut),
    };
  });
  return [...pools, ...accounts];
}

/** Whether an account of the config has credentials. */
export function loggedInOf(config: Config, backend: AccountBackend): (name: string) => boolean {
  return (name) => {
    const entry = config.backends[backend]?.accounts?.[name];
    return entry !== undefined && hasCredentials(backend, entry);
  };
}
