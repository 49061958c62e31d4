import { accountBackend, accountsOf, backendsWithAccounts, hasCredentials, lookupChoice, poolsOf } from "../accounts/accounts.ts";
import { syncAccountHome } from "../accounts/home-sync.ts";
import { currentReading, isFresh } from "../accounts/reading.ts";
import type { UsageReading } from "../backends/shared/usage-http.ts";
import { routeToMember } from "../accounts/resolve.ts";
import { readSelection, saveSelection } from "../accounts/selection.ts";
import { cachedReadings } from "../accounts/usage-store.ts";
import { percentBar } from "../accounts/usage-view.ts";
import { ACCOUNT_BACKENDS, HOME_FACTS, type AccountBackend } from "../backends/account-homes.ts";
import type { Config } from "../config/config.ts";
import { choose, type ChoiceLine } from "../switcher/choose.ts";
import { AgentmuxError } from "../util/errors.ts";
import { formatAge } from "../util/text.ts";

type Readings = (backend: AccountBackend, account: string) => UsageReading | undefined;

/** The value of the picker's "no account" line. */
export const NONE = "";

/** "session 12% · weekly 40% ████░░░░░░ · limited · 3h old" */
export function usageText(reading: UsageReading | undefined, now: number, staleAfterMs: number): string {
  if (!reading) return "no reading";
  const r = currentReading(reading, now);
  const pct = (v: number | null) => (v === null ? "-" : `${Math.round(v)}%`);
  const parts = [`session ${pct(r.sessionPct)}`, `weekly ${pct(r.weeklyPct)}${r.weeklyPct === null ? "" : ` ${percentBar(r.weeklyPct)}`}`];
  if (r.limited) parts.push("limited");
  if (now - reading.fetchedAt > staleAfterMs) parts.push(`${formatAge(now - reading.fetchedAt)} old`);
  return parts.join(" · ");
}

/** Pure: the backend question's answers: the backends that declare accounts, with their selection. */
export function backendLines(config: Config, selected: Partial<Record<AccountBackend, string>>): ChoiceLine[] {
  return backendsWithAccounts(config).map((backend) => {
    const count = accountsOf(config, backend).length;
    const selection = selected[backend] === undefined ? "no account selected" : `selected: ${selected[backend]}`;
    return { kind: "item", value: backend, label: backend, detail: `${HOME_FACTS[backend].label} · ${count} account${count === 1 ? "" : "s"} · ${selection}` };
  });
}

/**
 * Pure: the account question's answers: pools first (members, and the one a new session would get
 * with its usage), then every account with its usage, then the CLI's own home.
 */
export function accountLines(config: Config, backend: AccountBackend, options: {
  selected: string | undefined; readings: Readings; loggedIn: (name: string) => boolean; next: (pool: string) => string | undefined; now: number;
  /** A logged-out account (and a pool with no member logged in) cannot be chosen (restart's picker). */
  refuseLoggedOut?: boolean;
  /** The CLI's own home line: its text, or false for none. */
  none?: string | false;
}): ChoiceLine[] {
  const staleAfterMs = config.usage.staleAfter * 1000;
  const usage = (name: string) => usageText(options.readings(backend, name), options.now, staleAfterMs);
  const lines: ChoiceLine[] = [];
  const pools = poolsOf(config, backend);
  if (pools.length > 0) lines.push({ kind: "header", label: "Pools" });
  for (const pool of pools) {
    const next = options.next(pool.name);
    const detail = `${pool.members.map((m) => m.name).join(", ")}${next === undefined ? " · no member logged in" : ` · next: ${next} (${usage(next)})`}`;
    lines.push({ kind: "item", value: pool.name, label: pool.name, detail, current: options.selected === pool.name, dim: next === undefined, ...(options.refuseLoggedOut && next === undefined ? { disabled: true } : {}) });
  }
  lines.push({ kind: "header", label: "Accounts" });
  for (const account of accountsOf(config, backend)) {
    const reading = options.readings(backend, account.name);
    const loggedIn = options.loggedIn(account.name);
    const detail = `${account.pool === undefined ? "" : `pool ${account.pool} · `}${usage(account.name)}${loggedIn ? "" : " · logged out"}`;
    lines.push({ kind: "item", value: account.name, label: account.name, detail, current: options.selected === account.name, dim: !loggedIn || !isFresh(reading, options.now, staleAfterMs), ...(options.refuseLoggedOut && !loggedIn ? { disabled: true } : {}) });
  }
  if (options.none !== false) lines.push({ kind: "header", label: "" }, { kind: "item", value: NONE, label: "(none)", detail: options.none ?? "the CLI's own home", current: options.selected === undefined });
  return lines;
}

/**
 * The account question's answers from the state directory: the cached readings (never fetched
 * here), who is logged in, and the member each pool would route to now.
 */
export function pickerLines(config: Config, backend: AccountBackend, stateDir: string, options: { selected: string | undefined; refuseLoggedOut?: boolean; none?: string | false }): ChoiceLine[] {
  const readings = cachedReadings(stateDir);
  const next = (pool: string) => {
    const choice = lookupChoice(config, backend, pool);
    try {
      return choice.kind === "pool" ? routeToMember({ config, backend, stateDir, readings }, choice.pool, false).chosen : undefined;
    } catch {
      return undefined;
    }
  };
  return accountLines(config, backend, {
    ...options, readings, next, now: Date.now(),
    loggedIn: (n) => {
      const entry = config.backends[backend]?.accounts?.[n];
      return entry !== undefined && hasCredentials(backend, entry);
    },
  });
}

/** Persist the choice and sync the homes it needs; answers the line to print. */
export function applySelection(config: Config, backend: AccountBackend, name: string | undefined, stateDir: string): string {
  if (name === undefined) {
    saveSelection(stateDir, backend, undefined);
    return `${backend}: no account selected (the CLI's own home)`;
  }
  const choice = lookupChoice(config, backend, name);
  const members = choice.kind === "pool" ? choice.pool.members : [choice.account];
  // Selecting a pool syncs every member's home, so routing never has to touch the filesystem.
  for (const member of members) syncAccountHome(backend, member);
  saveSelection(stateDir, backend, name);
  return choice.kind === "pool"
    ? `${backend}: selected pool ${name} (${members.map((m) => m.name).join(", ")}; synced)`
    : `${backend}: selected account ${name} (${choice.account.home}; synced)`;
}

export interface SelectRequest { config: Config; stateDir: string; backend: string | undefined; name: string | undefined; clear: boolean; interactive: boolean }

/**
 * `agentmux account select [BACKEND] [NAME]`: what is missing is asked at a terminal (the backend
 * first, then the account or pool); without one, a missing backend is an error and a missing name
 * prints the selection. Answers the line to print.
 */
export async function runSelect(request: SelectRequest): Promise<string> {
  const { config, stateDir } = request;
  let backendName = request.backend;
  if (backendName === undefined) {
    const declared = backendsWithAccounts(config);
    if (request.clear || !request.interactive) {
      throw new AgentmuxError(`account select needs a backend (${ACCOUNT_BACKENDS.join(" or ")})`, {
        hint: `pass it: agentmux account select ${declared[0] ?? ACCOUNT_BACKENDS[0]} ${request.clear ? "--clear" : "NAME"}${request.clear ? "" : " (or run it at a terminal to pick)"}`,
      });
    }
    if (declared.length === 0) throw new AgentmuxError("no backend declares accounts", { hint: "declare them under backends.claude.accounts or backends.codex.accounts in the config" });
    const picked = await choose("Select an account for which backend?", backendLines(config, readSelection(stateDir).selected));
    if (picked === null) return "nothing selected";
    backendName = picked;
  }
  const backend = accountBackend(backendName);
  if (request.clear) return applySelection(config, backend, undefined, stateDir);
  let name = request.name;
  if (name === undefined) {
    const current = readSelection(stateDir).selected[backend];
    if (!request.interactive) return `${backend}: ${current ?? "no account selected"}`;
    if (accountsOf(config, backend).length === 0) throw new AgentmuxError(`${backend} declares no accounts`, { hint: `declare them under backends.${backend}.accounts in the config` });
    const lines = pickerLines(config, backend, stateDir, { selected: current });
    const picked = await choose(`Select the ${backend} account or pool (${HOME_FACTS[backend].label})`, lines);
    if (picked === null) return `${backend}: selection unchanged (${current ?? "no account selected"})`;
    if (picked === NONE) return applySelection(config, backend, undefined, stateDir);
    name = picked;
  }
  return applySelection(config, backend, name, stateDir);
}
