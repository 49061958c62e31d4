import type { AccountBackend } from "../backends/account-homes.ts";
import type { AccountEntry } from "../config/accounts.ts";
import type { Config } from "../config/config.ts";
import { AgentmuxError, isAgentmuxError } from "../util/errors.ts";
import { declaresName, hasCredentials, lookupChoice, type Choice, type Pool } from "./accounts.ts";
import { directoryRuleFor, type RuleMatch } from "./directory-rules.ts";
import type { UsageReading } from "../backends/shared/usage-http.ts";
import { routePool, type RouteDecision } from "./route.ts";
import { readSelection, saveRouted } from "./selection.ts";

/** The latest reading of one of the backend's accounts (from the usage cache). */
export type ReadingLookup = (backend: AccountBackend, account: string) => UsageReading | undefined;

export interface ResolveRequest {
  config: Config;
  backend: AccountBackend;
  /** An account or pool passed by the caller (--account, or the one recorded on a session being restarted). */
  explicit?: string | undefined;
  /** The session's directory, for the directory rules. */
  dir: string;
  stateDir: string;
  readings: ReadingLookup;
  now?: number;
}

export interface Resolution {
  /** undefined: no account applies, the CLI runs with its own home. */
  account: AccountEntry | undefined;
  /** Where the name came from. */
  via: "explicit" | "directory-rule" | "selection" | "none";
  /** The account or pool name asked for. */
  name: string | undefined;
  rule: RuleMatch | undefined;
  /** Set when the name was a pool. */
  route: RouteDecision | undefined;
}

/** Route a pool now, and (unless only asking, persist: false) remember the member for the next decision's hysteresis. */
export function routeToMember(request: Omit<ResolveRequest, "explicit" | "dir">, pool: Pool, persist = true): RouteDecision {
  const now = request.now ?? Date.now();
  const decision = routePool({
    pool: pool.name,
    members: pool.members.map((m) => ({ name: m.name, hasCredentials: hasCredentials(request.backend, m), reading: request.readings(request.backend, m.name) })),
    previous: readSelection(request.stateDir).routed[request.backend]?.[pool.name],
    hysteresis: request.config.accounts.hysteresis,
    staleAfterMs: request.config.usage.staleAfter * 1000,
    now,
  });
  if (persist) saveRouted(request.stateDir, request.backend, pool.name, decision.chosen);
  return decision;
}

/**
 * The account a session of this backend runs under: the caller's explicit name, else the first
 * directory rule covering its directory, else the persisted selection; a pool is routed to a member.
 */
export function resolveAccount(request: ResolveRequest): Resolution {
  const { config, backend } = request;
  let via: Resolution["via"] = "none";
  let name: string | undefined;
  let rule: RuleMatch | undefined;
  let choice: Choice | undefined;
  if (request.explicit) {
    via = "explicit";
    name = request.explicit;
    choice = lookupChoice(config, backend, name);
  } else if ((rule = directoryRuleFor(config.directoryRules, backend, (b, name) => declaresName(config, b, name), request.dir))) {
    via = "directory-rule";
    name = rule.name;
    choice = explain(() => lookupChoice(config, backend, rule?.name as string), `directory rule ${rule.index + 1} (${rule.rule.dir}) names "${rule.name}", which`);
  } else if ((name = readSelection(request.stateDir).selected[backend]) !== undefined) {
    via = "selection";
    const selected = name;
    choice = explain(() => lookupChoice(config, backend, selected), `the selected ${backend} account "${selected}"`, `select another: agentmux account select ${backend} NAME`);
  }
  if (!choice) return { account: undefined, via, name, rule, route: undefined };
  if (choice.kind === "account") return { account: choice.account, via, name, rule, route: undefined };
  const route = routeToMember(request, choice.pool);
  const account = choice.pool.members.find((m) => m.name === route.chosen) as AccountEntry;
  return { account, via, name, rule, route };
}

function explain<T>(fn: () => T, subject: string, hint?: string): T {
  try {
    return fn();
  } catch (error) {
    if (!isAgentmuxError(error)) throw error;
    throw new AgentmuxError(`${subject} is not declared: ${error.message}`, { hint: hint ?? error.hint });
  }
}
