import { HOME_FACTS, isAccountBackend, readCredentials } from "../backends/account-homes.ts";
import type { BackendName } from "../backends/index.ts";
import type { AccountEntry } from "../config/accounts.ts";
import type { Config } from "../config/config.ts";
import { AgentmuxError } from "../util/errors.ts";
import { accountsOf, hasCredentials } from "./accounts.ts";
import { syncAccountHome } from "./home-sync.ts";
import { resolveAccount, type Resolution } from "./resolve.ts";
import { cachedReadings } from "./usage-store.ts";

export interface LaunchAccount {
  /** The concrete account (a pool already routed); undefined: the CLI's own home. */
  account: AccountEntry | undefined;
  /** The CLI's variable (CLAUDE_CONFIG_DIR, CODEX_HOME) for the session's environment. */
  env: Record<string, string>;
  /** What to tell the user: a pool went to another member, or every member is limited. */
  notice: string | undefined;
  resolution: Resolution | undefined;
}

const NONE: LaunchAccount = { account: undefined, env: {}, notice: undefined, resolution: undefined };

/**
 * The account a new session runs under (explicit, else the directory rule, else the selection),
 * its home synced, and its login checked. A backend that declares no accounts runs on its own
 * home (an --account given to it stays a label, as before accounts existed). Throws when the home
 * cannot be synced or the account is logged out: nothing starts that could only fail.
 */
export function accountForLaunch(config: Config, backendName: BackendName, explicit: string | undefined, dir: string, options: { stateDir: string; canonical?: string }): LaunchAccount {
  if (!isAccountBackend(backendName) || accountsOf(config, backendName).length === 0) return NONE;
  const backend = backendName;
  const resolution = resolveAccount({ config, backend, explicit, dir, stateDir: options.stateDir, readings: cachedReadings(options.stateDir) });
  const account = resolution.account;
  if (!account) return { ...NONE, resolution };
  syncAccountHome(backend, account, options.canonical === undefined ? {} : { canonical: options.canonical });
  const facts = HOME_FACTS[backend];
  if (!hasCredentials(backend, account)) {
    throw new AgentmuxError(`${backend} account ${account.name} is logged out: ${readCredentials(backend, account.home).where} does not exist`, {
      hint: `log in with: agentmux account login ${account.name}`,
    });
  }
  return { account, env: { [facts.variable]: account.home }, notice: resolution.route?.message, resolution };
}
