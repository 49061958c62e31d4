import { isAbsolute } from "node:path";
import { ACCOUNT_BACKENDS, HOME_FACTS, isAccountBackend, type AccountBackend } from "../backends/account-homes.ts";
import { expandHome } from "../util/paths.ts";
import { dict, list, num, obj, oneOf, oneOfValues, section, str, type Infer, type Schema } from "./schema.ts";
import { locate, type ConfigProblem } from "./validate.ts";

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

/** backends.<name>.accounts: NAME: HOME or NAME: {home, pool, …}, read as entries (none: left out). */
export const ACCOUNTS_SCHEMA = dict(oneOf([str("a home directory"), obj({ home: str("a home directory").required(), pool: str("a pool name") }, { open: true })], "a home directory, or {home, pool, …}"))
  .map((accounts) => {
    const entries = Object.entries(accounts).map(([name, entry]): [string, AccountEntry] => {
      const { home, pool, ...properties } = typeof entry === "string" ? { home: entry } : (entry as { home: string; pool?: string });
      return [name, { name, home: expandHome(home), pool, properties }];
    });
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  });

const perBackend = Object.fromEntries(ACCOUNT_BACKENDS.map((b) => [b, str(`an account or pool name of ${b}`)])) as Record<AccountBackend, Schema<string, "optional">>;

const usageUrl = (url: string) => section({ url: str("a URL").default(url) });
const perBackendUsage = Object.fromEntries(ACCOUNT_BACKENDS.map((b) => [b, usageUrl(HOME_FACTS[b].usageUrl)])) as Record<AccountBackend, ReturnType<typeof usageUrl>>;

const DAY = 86_400;
const WEEK = 7 * DAY;

/** The top-level keys this part of the config adds. */
export const ACCOUNT_CONFIG_SCHEMA = {
  directoryRules: list(obj({ dir: str("a directory").required(), account: str("an account or pool name"), ...perBackend }).map((rule): DirectoryRule => ({
    dir: expandHome(rule.dir),
    selection: rule.account ?? Object.fromEntries(ACCOUNT_BACKENDS.flatMap((b) => (rule[b] === undefined ? [] : [[b, rule[b]]]))),
  }))).default([]),
  /**
   * hysteresis: points a sibling must beat the previous pool member by. failover: what happens when a
   * session is rate limited or its account's reading turns limited: notify names the best pool
   * member; auto also restarts the session under it; off does nothing.
   */
  accounts: section({ hysteresis: num(0, 100).default(10), failover: oneOfValues(["off", "notify", "auto"] as const).default("notify") }),
  // Seconds: polls at least daily, backs off at most a week, a reading is stale after at most a week.
  usage: section({
    /** Seconds between polls. */
    interval: num(10, DAY).default(300),
    /** The longest wait after consecutive failures, in seconds. */
    maxInterval: num(10, WEEK).default(900),
    /** A reading older than this many seconds does not count for routing. */
    staleAfter: num(1, WEEK).default(1800),
    // usage.<backend>.url: each account backend's endpoint (its default from the backend).
    ...perBackendUsage,
  }),
};

export type AccountSettings = Infer<typeof ACCOUNT_CONFIG_SCHEMA.accounts>;
export type UsageSettings = Infer<typeof ACCOUNT_CONFIG_SCHEMA.usage>;

type RawAccount = string | ({ home: string; pool?: string } & Record<string, unknown>) | null;
interface RawTop {
  backends?: Record<string, { accounts?: Record<string, RawAccount> | null } | null> | null;
  directoryRules?: Array<{ dir: string; account?: string } & Partial<Record<AccountBackend, string>>> | null;
}

const NAME = /^[\w.-]+$/;
const pathLike = (p: string) => p === "~" || p.startsWith("~/") || isAbsolute(p);

/**
 * What the schema cannot say about the account part of a valid config, checked at its place:
 * accounts only under claude and codex, absolute homes, usable names (`problems`: the config is
 * refused), and directory rules naming declared accounts or pools (`warnings`: a rule is checked
 * for the backend it applies to, so a name one backend lacks breaks only a launch that rule would
 * govern, never the unrelated verbs). raw is the document as plain data.
 */
export function checkAccountConfig(raw: unknown, text: string): { problems: ConfigProblem[]; warnings: ConfigProblem[] } {
  const top = (raw ?? {}) as RawTop;
  const problems: ConfigProblem[] = [];
  const warnings: ConfigProblem[] = [];
  const at$ = (path: Array<string | number>) => ({ ...locate(text, path), key: path.join(".").replace(/\.(\d+)(?=\.|$)/g, "[$1]") });
  const bad = (path: Array<string | number>, message: string, fix: string) => problems.push({ ...at$(path), message, fix });
  const warn = (path: Array<string | number>, message: string, fix: string) => warnings.push({ ...at$(path), message, fix });
  const declared = new Map<AccountBackend, Set<string>>();
  for (const [backend, entry] of Object.entries(top.backends ?? {})) {
    const accounts = entry?.accounts;
    if (!accounts || Object.keys(accounts).length === 0) continue;
    if (!isAccountBackend(backend)) {
      bad(["backends", backend, "accounts"], `${backend} does not run under accounts`, `accounts work for ${ACCOUNT_BACKENDS.join(" and ")}; remove this key`);
      continue;
    }
    const names = new Set<string>();
    for (const [name, rawEntry] of Object.entries(accounts)) {
      const at = ["backends", backend, "accounts", name];
      if (!NAME.test(name)) bad(at, `"${name}" is not a usable account name`, "use letters, digits, '.', '_' and '-'");
      if (rawEntry === null) { bad(at, "expected a home directory, or {home, pool, …}", `set ${at.join(".")} to a home directory`); continue; }
      const { home, pool } = typeof rawEntry === "string" ? { home: rawEntry, pool: undefined } : rawEntry;
      const homeAt = typeof rawEntry === "string" ? at : [...at, "home"];
      if (!pathLike(home)) bad(homeAt, `"${home}" is not an absolute path`, "write it as /absolute/path or ~/path");
      if (pool !== undefined && !NAME.test(pool)) bad([...at, "pool"], `"${pool}" is not a usable pool name`, "use letters, digits, '.', '_' and '-'");
      names.add(name);
      if (pool !== undefined) names.add(pool);
    }
    declared.set(backend, names);
  }
  (top.directoryRules ?? []).forEach((rule, i) => {
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
      // It governs the backends that declare the name; only a name none declares is a mistake.
      const governed = ACCOUNT_BACKENDS.filter((b) => declared.get(b)?.has(rule.account as string));
      if (governed.length > 0) return;
      const any = ACCOUNT_BACKENDS.filter((b) => declared.has(b));
      if (any.length === 0) warn([...at, "account"], `"${rule.account}" is not an account: no backend declares accounts, so the rule governs nothing`, `declare it under ${ACCOUNT_BACKENDS.map((b) => `backends.${b}.accounts`).join(" or ")}`);
      else warn([...at, "account"], `"${rule.account}" is not an account or pool of ${any.join(" or ")}, so the rule governs nothing`, knownNames(any[0] as AccountBackend, declared));
      return;
    }
    for (const b of perKeys) {
      const name = rule[b] as string;
      if (!declared.get(b)?.has(name)) warn([...at, b], `"${name}" is not an account or pool of ${b}: a ${b} session started under ${rule.dir} is refused until it is`, knownNames(b, declared));
    }
  });
  return { problems, warnings };
}

function knownNames(backend: AccountBackend, declared: Map<AccountBackend, Set<string>>): string {
  const names = [...(declared.get(backend) ?? [])];
  return names.length > 0 ? `${backend} declares ${names.join(", ")}` : `declare accounts under backends.${backend}.accounts`;
}
