import { existsSync, mkdirSync, realpathSync, statSync } from "node:fs";
import { canonicalHome, HOME_FACTS, type AccountBackend } from "../backends/account-homes.ts";
import type { AccountEntry } from "../config/accounts.ts";
import { AgentmuxError, isAgentmuxError } from "../util/errors.ts";
import { linkShared } from "./home-links.ts";

export interface SyncReport {
  backend: AccountBackend;
  account: string;
  home: string;
  canonical: string;
  /** Shared items newly linked / already linked / left account-local (the canonical home has none). */
  linked: string[];
  already: string[];
  keptLocal: string[];
  /** Where conflicting account-local items were moved. */
  backups: string[];
  notes: string[];
  /** The account uses the canonical home itself: nothing to share. */
  isCanonical: boolean;
}

export interface SyncOptions {
  /** Create the home when it does not exist (account init). */
  create?: boolean;
  /** The canonical home (default: ~/.claude or ~/.codex). */
  canonical?: string;
  now?: Date;
}

/**
 * Prepare or repair an account home: shared state linked from the canonical home (conflicting
 * account-local items moved aside first), credentials left per account, then the backend's own
 * step (accounts.syncHome: Codex's account-local config.toml and plugins, Claude's .claude.json
 * merged from the canonical one). Any failure is an AgentmuxError naming the item.
 */
export function syncAccountHome(backend: AccountBackend, account: AccountEntry, options: SyncOptions = {}): SyncReport {
  const facts = HOME_FACTS[backend];
  const canonical = options.canonical ?? canonicalHome(backend);
  const now = options.now ?? new Date();
  const report: SyncReport = { backend, account: account.name, home: account.home, canonical, linked: [], already: [], keptLocal: [], backups: [], notes: [], isCanonical: false };
  if (!existsSync(account.home)) {
    if (!options.create) {
      throw new AgentmuxError(`${backend} account ${account.name}: its home ${account.home} does not exist`, { hint: `create it with: agentmux account init ${account.name}` });
    }
    mkdirSync(account.home, { recursive: true, mode: 0o700 });
    report.notes.push(`created ${account.home}`);
  } else if (!statSync(account.home).isDirectory()) {
    throw new AgentmuxError(`${backend} account ${account.name}: its home ${account.home} is not a directory`, { hint: "point the account at a directory in the config" });
  }
  if (existsSync(canonical) && realpathSync(canonical) === realpathSync(account.home)) {
    report.isCanonical = true;
    return report;
  }
  let current = "";
  try {
    for (const item of facts.shared) {
      current = item.name;
      const outcome = linkShared(item, canonical, account.home, now);
      if (outcome.kind === "linked") {
        report.linked.push(item.name);
        if (outcome.backup) report.backups.push(outcome.backup);
      } else if (outcome.kind === "already") report.already.push(item.name);
      else if (outcome.kind === "kept-local") report.keptLocal.push(item.name);
    }
    if (facts.syncHome) {
      current = facts.syncHome.item;
      const own = facts.syncHome.run(canonical, account.home, now);
      report.notes.push(...own.notes);
      report.backups.push(...own.backups);
    }
  } catch (error) {
    const why = isAgentmuxError(error) ? error.message : (error as Error).message;
    throw new AgentmuxError(`${backend} account ${account.name}: could not sync ${current} in ${account.home}: ${why}`, {
      hint: `fix it, then run agentmux account sync ${account.name}; nothing is started under an account that does not sync`,
      cause: error,
    });
  }
  return report;
}
