import { ACCOUNT_BACKENDS, isAccountBackend, readCredentials, type AccountBackend } from "../backends/account-homes.ts";
import type { AccountEntry } from "../config/accounts.ts";
import type { Config } from "../config/config.ts";
import { AgentmuxError } from "../util/errors.ts";

export interface Pool { name: string; members: AccountEntry[] }

/** What a name stands for: a pool (routed among its members) or one account. */
export type Choice = { kind: "pool"; pool: Pool } | { kind: "account"; account: AccountEntry };

export function accountsOf(config: Config, backend: AccountBackend): AccountEntry[] {
  return Object.values(config.backends[backend]?.accounts ?? {});
}

/** The pools of a backend, in the order their first member is declared. */
export function poolsOf(config: Config, backend: AccountBackend): Pool[] {
  const pools = new Map<string, Pool>();
  for (const account of accountsOf(config, backend)) {
    if (account.pool === undefined) continue;
    const pool = pools.get(account.pool) ?? { name: account.pool, members: [] };
    pool.members.push(account);
    pools.set(account.pool, pool);
  }
  return [...pools.values()];
}

/** The backends that declare at least one account. */
export function backendsWithAccounts(config: Config): AccountBackend[] {
  return ACCOUNT_BACKENDS.filter((b) => accountsOf(config, b).length > 0);
}

/** Whether a backend declares an account or pool of this name (directory-rules.ts Governs). */
export function declaresName(config: Config, backend: AccountBackend, name: string): boolean {
  return config.backends[backend]?.accounts?.[name] !== undefined || poolsOf(config, backend).some((p) => p.name === name);
}

/** The backend name, checked: only claude and codex run under accounts. */
export function accountBackend(name: string): AccountBackend {
  if (!isAccountBackend(name)) {
    throw new AgentmuxError(`${name} does not run under accounts`, { hint: `accounts work for ${ACCOUNT_BACKENDS.join(" and ")}` });
  }
  return name;
}

/**
 * What NAME means for a backend. A pool wins over a member of the same name, so such a member
 * cannot be pinned by name (its name selects the pool).
 */
export function lookupChoice(config: Config, backend: AccountBackend, name: string): Choice {
  const pool = poolsOf(config, backend).find((p) => p.name === name);
  if (pool) return { kind: "pool", pool };
  const account = config.backends[backend]?.accounts?.[name];
  if (account) return { kind: "account", account };
  const known = [...poolsOf(config, backend).map((p) => p.name), ...accountsOf(config, backend).map((a) => a.name)];
  throw new AgentmuxError(`${backend} has no account or pool "${name}"`, {
    hint: known.length > 0 ? `${backend} declares ${[...new Set(known)].join(", ")}` : `declare accounts under backends.${backend}.accounts in the config`,
  });
}

/** Every backend's account named NAME (an account name may be declared for both CLIs). */
export function findAccounts(config: Config, name: string, backend?: AccountBackend): Array<{ backend: AccountBackend; account: AccountEntry }> {
  const backends = backend ? [backend] : ACCOUNT_BACKENDS;
  const found = backends.flatMap((b) => {
    const account = config.backends[b]?.accounts?.[name];
    return account ? [{ backend: b, account }] : [];
  });
  if (found.length === 0) {
    throw new AgentmuxError(`no account "${name}"${backend ? ` for ${backend}` : ""}`, { hint: "declare it under backends.claude.accounts or backends.codex.accounts in the config" });
  }
  return found;
}

/** Whether an account has logged in: its credentials file, or on macOS Claude's Keychain item, is there. */
export function hasCredentials(backend: AccountBackend, account: AccountEntry): boolean {
  return readCredentials(backend, account.home).text !== undefined;
}
