import { HOME_FACTS, isAccountBackend, readCredentials } from "../backends/account-homes.ts";
import type { BackendName } from "../backends/index.ts";
import type { AccountEntry } from "../config/accounts.ts";
import type { Config } from "../config/config.ts";
import { AgentmuxError } from "../util/errors.ts";
import { accountsOf, declaresName, hasCredentials } from "./accounts.ts";
import { directoryRuleFor } from "./directory-rules.ts";
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
 * home, and an account named for it is an error (it would only be a label on a session running in
 * the default home). Throws when the home cannot be synced or the account is logged out: nothing
 * starts that could only fail.
 */
export function accountForLaunch(config: Config, backendName: BackendName, explicit: string | undefined, dir: string, options: { stateDir: string; canonical?: string }): LaunchAccount {
  if (!isAccountBackend(backendName)) {
    if (explicit) throw new AgentmuxError(`${backendName} sessions do not run under accounts: there is no ${backendName} account "${explicit}"`, { hint: "leave out --account (accounts are for claude and codex)" });
    return NONE;
  }
  if (accountsOf(config, backendName).length === 0) {
    if (explicit) throw new AgentmuxError(`there is no ${backendName} account "${explicit}": no ${backendName} accounts are configured`, { hint: `declare it under backends.${backendName}.accounts in the config, or leave out --account` });
    // A directory rule that names one for this backend here is refused with the rule (resolveAccount says which).
    if (!directoryRuleFor(config.directoryRules, backendName, (b, name) => declaresName(config, b, name), dir)) return NONE;
  }
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
