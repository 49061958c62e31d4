import { isAbsolute } from "node:path";
import { ACCOUNT_BACKENDS, HOME_FACTS, isAccountBackend, type AccountBackend } from "../backends/account-homes.ts";
import { expandHome } from "../util/paths.ts";
import { dict, list, num, obj, oneOfValues, str, type Schema } from "./schema.ts";
import { locate, problemsError, type ConfigProblem } from "./validate.ts";

/** One account of a backend: its home, its pool, and any further properties (for integrations). */
export interface AccountEntry {
  name: string;
  /** Absolute, with ~ expanded. */
  home: string;
  pool: string | undefined;
  properties: Record<string, unknown>;
}

/** An account or pool name for every backend, or names per backend (a backend left out is not governed). */
export type RuleSelection = string | Partial<Record<AccountBackend, string>>;
export interface DirectoryRule { dir: string; selection: RuleSelection }

/**
 * hysteresis: points a sibling must beat the previous pool member by. failover: what happens when a
 * session is rate limited or its account's reading turns limited: notify names the best pool
 * member; auto also restarts the session under it; off does nothing.
 */
export interface AccountSettings { hysteresis: number; failover: "off" | "notify" | "auto" }

export interface UsageTimings {
  /** Seconds between polls. */
  interval: number;
  /** The longest wait after consecutive failures, in seconds. */
  maxInterval: number;
  /** A reading older than this many seconds does not count for routing. */
  staleAfter: number;
}
/** The usage settings, with each account backend's endpoint (usage.<backend>.url). */
export type UsageSettings = UsageTimings & Record<AccountBackend, { url: string }>;

export const ACCOUNTS_SCHEMA: Schema = dict({
  kind: "oneOf",
  options: [str("a home directory"), obj({ home: str("a home directory"), pool: str("a pool name") }, { required: ["home"], open: true })],
  describe: "a home directory, or {home, pool, …}",
});

const perBackend = Object.fromEntries(ACCOUNT_BACKENDS.map((b) => [b, str(`an account or pool name of ${b}`)]));

const DAY = 86_400;
const WEEK = 7 * DAY;

/** The top-level keys this part of the config adds. */
export const ACCOUNT_CONFIG_SCHEMA: Record<string, Schema> = {
  directoryRules: list(obj({ dir: str("a directory"), account: str("an account or pool name"), ...perBackend }, { required: ["dir"] })),
  accounts: obj({ hysteresis: num(0, 100), failover: oneOfValues(["off", "notify", "auto"]) }),
  usage: obj({
    // Seconds: polls at least daily, backs off at most a week, a reading is stale after at most a week.
    interval: num(10, DAY), maxInterval: num(10, WEEK), staleAfter: num(1, WEEK),
    ...Object.fromEntries(ACCOUNT_BACKENDS.map((b) => [b, obj({ url: str("a URL") })])),
  }),
};

export const DEFAULT_USAGE: UsageSettings = {
  interval: 300,
  maxInterval: 900,
  staleAfter: 1800,
  ...usageUrls((b) => HOME_FACTS[b].usageUrl),
};

/** One value per account backend, as usage.<backend>: { url }. */
function usageUrls(url: (backend: AccountBackend) => string): Record<AccountBackend, { url: string }> {
  return Object.fromEntries(ACCOUNT_BACKENDS.map((b) => [b, { url: url(b) }])) as Record<AccountBackend, { url: string }>;
}

export const DEFAULT_ACCOUNT_CONFIG = { directoryRules: [] as DirectoryRule[], accounts: { hysteresis: 10, failover: "notify" } as AccountSettings, usage: DEFAULT_USAGE };

type RawAccount = string | ({ home: string; pool?: string } & Record<string, unknown>) | null;
interface RawTop {
  backends?: Record<string, { accounts?: Record<string, RawAccount> | null } | null> | null;
  directoryRules?: Array<{ dir: string; account?: string } & Partial<Record<AccountBackend, string>>> | null;
  accounts?: { hysteresis?: number; failover?: AccountSettings["failover"] } | null;
  usage?: ({ interval?: number; maxInterval?: number; staleAfter?: number } & Partial<Record<AccountBackend, { url?: string } | null>>) | null;
}

const NAME = /^[\w.-]+$/;
const pathLike = (p: string) => p === "~" || p.startsWith("~/") || isAbsolute(p);

/**
 * The account part of a validated config, with what the schema cannot say checked at its place:
 * accounts only under claude and codex, absolute homes, usable names, and directory rules naming
 * declared accounts or pools. Throws the problems as one error.
 */
export function readAccountConfig<B extends object>(value: unknown, text: string, file: string, backends: B, env: Record<string, string | undefined> = process.env) {
  const raw = (value ?? {}) as RawTop;
  const problems: ConfigProblem[] = [];
  const bad = (path: Array<string | number>, message: string, fix: string) => problems.push({ ...locate(text, path), key: path.join(".").replace(/\.(\d+)(?=\.|$)/g, "[$1]"), message, fix });
  const merged = { ...backends } as Record<string, object>;
  const declared = new Map<AccountBackend, Set<string>>();
  for (const [backend, entry] of Object.entries(raw.backends ?? {})) {
    const accounts = entry?.accounts;
    if (!accounts || Object.keys(accounts).length === 0) continue;
    if (!isAccountBackend(backend)) {
      bad(["backends", backend, "accounts"], `${backend} does not run under accounts`, `accounts work for ${ACCOUNT_BACKENDS.join(" and ")}; remove this key`);
      continue;
    }
    const out: Record<string, AccountEntry> = {};
    const names = new Set<string>();
    for (const [name, rawEntry] of Object.entries(accounts)) {
      const at = ["backends", backend, "accounts", name];
      if (!NAME.test(name)) bad(at, `"${name}" is not a usable account name`, "use letters, digits, '.', '_' and '-'");
      if (rawEntry === null) { bad(at, "expected a home directory, or {home, pool, …}", `set ${at.join(".")} to a home directory`); continue; }
      const { home, pool, ...properties } = typeof rawEntry === "string" ? { home: rawEntry } : rawEntry;
      const homeAt = typeof rawEntry === "string" ? at : [...at, "home"];
      if (!pathLike(home)) bad(homeAt, `"${home}" is not an absolute path`, "write it as /absolute/path or ~/path");
      if (pool !== undefined && !NAME.test(pool)) bad([...at, "pool"], `"${pool}" is not a usable pool name`, "use letters, digits, '.', '_' and '-'");
      out[name] = { name, home: expandHome(home, env), pool, properties };
      names.add(name);
      if (pool !== undefined) names.add(pool);
    }
    declared.set(backend, names);
    merged[backend] = { ...(merged[backend] ?? { args: [] }), accounts: out };
  }
  const directoryRules: DirectoryRule[] = [];
  (raw.directoryRules ?? []).forEach((rule, i) => {
    const at = ["directoryRules", i];
    if (!pathLike(rule.dir)) bad([...at, "dir"], `"${rule.dir}" is not an absolute path`, "write it as /absolute/path or ~/path");
    const perKeys = ACCOUNT_BACKENDS.filter((b) => rule[b] !== undefined);
    if (rule.account !== undefined && perKeys.length > 0) {
      bad([...at, perKeys[0] as string], "a rule names either one account for every backend or one per backend", `keep account, or keep ${perKeys.join(" and ")}`);
      return;
    }
    if (rule.account === undefined && perKeys.length === 0) {
      bad(at, "the rule names no account", `add account: NAME, or ${ACCOUNT_BACKENDS.map((b) => `${b}: NAME`).join(", ")}`);
      return;
    }
    if (rule.account !== undefined) {
      const governed = ACCOUNT_BACKENDS.filter((b) => declared.has(b));
      const missing = governed.filter((b) => !declared.get(b)?.has(rule.account as string));
      if (governed.length === 0) bad([...at, "account"], `"${rule.account}" is not an account: no backend declares accounts`, `declare it under ${ACCOUNT_BACKENDS.map((b) => `backends.${b}.accounts`).join(" or ")}`);
      else if (missing.length > 0) bad([...at, "account"], `"${rule.account}" is not an account or pool of ${missing.join(" or ")}`, knownNames(missing[0] as AccountBackend, declared));
      directoryRules.push({ dir: expandHome(rule.dir, env), selection: rule.account });
      return;
    }
    const selection: Partial<Record<AccountBackend, string>> = {};
    for (const b of perKeys) {
      const name = rule[b] as string;
      if (!declared.get(b)?.has(name)) bad([...at, b], `"${name}" is not an account or pool of ${b}`, knownNames(b, declared));
      selection[b] = name;
    }
    directoryRules.push({ dir: expandHome(rule.dir, env), selection });
  });
  if (problems.length > 0) throw problemsError(problems, file);
  const usage = raw.usage ?? {};
  return {
    backends: merged as B,
    directoryRules,
    accounts: { hysteresis: raw.accounts?.hysteresis ?? DEFAULT_ACCOUNT_CONFIG.accounts.hysteresis, failover: raw.accounts?.failover ?? DEFAULT_ACCOUNT_CONFIG.accounts.failover },
    usage: {
      interval: usage.interval ?? DEFAULT_USAGE.interval,
      maxInterval: usage.maxInterval ?? DEFAULT_USAGE.maxInterval,
      staleAfter: usage.staleAfter ?? DEFAULT_USAGE.staleAfter,
      ...usageUrls((b) => usage[b]?.url ?? DEFAULT_USAGE[b].url),
    },
  };
}

function knownNames(backend: AccountBackend, declared: Map<AccountBackend, Set<string>>): string {
  const names = [...(declared.get(backend) ?? [])];
  return names.length > 0 ? `${backend} declares ${names.join(", ")}` : `declare accounts under backends.${backend}.accounts`;
}
