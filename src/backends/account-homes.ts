import { homedir } from "node:os";
import { join } from "node:path";
import { claudeAccounts } from "./claude/account.ts";
import { codexAccounts } from "./codex/account.ts";
import type { BackendName } from "./names.ts";
import { readCredentialsFile } from "./shared/credentials.ts";
import type { AccountSupport, Credentials } from "./shared/types.ts";

export type { Credentials, SharedItem } from "./shared/types.ts";
/** What agentmux needs to know about a CLI's home to run it under several accounts. */
export type HomeFacts = AccountSupport;

type Env = Record<string, string | undefined>;

/**
 * The backends that run under accounts, each with its accounts capability (the same object its
 * backend's `accounts` holds: test/unit/backends/index.test.ts). Here, not read off the registry,
 * so the config's schema and the key-bound verbs load these two files and not every backend.
 */
const ACCOUNTS = { claude: claudeAccounts, codex: codexAccounts } satisfies Partial<Record<BackendName, AccountSupport>>;

/** A backend that runs under accounts: each account is a home directory the CLI is pointed at. */
export type AccountBackend = keyof typeof ACCOUNTS;

export const ACCOUNT_BACKENDS = Object.keys(ACCOUNTS) as readonly AccountBackend[];

export function isAccountBackend(name: string): name is AccountBackend {
  return Object.hasOwn(ACCOUNTS, name);
}

export const HOME_FACTS: Readonly<Record<AccountBackend, HomeFacts>> = ACCOUNTS;

/** The home each CLI uses when its variable is not set: ~/.claude, ~/.codex. */
export function canonicalHome(backend: AccountBackend, env: Env = process.env): string {
  return join(env["HOME"] || homedir(), HOME_FACTS[backend].canonicalDir);
}

/**
 * An account's credentials: its home's credentials file, unless the backend keeps them elsewhere
 * (Claude Code on macOS: the Keychain, src/backends/claude/credentials.ts).
 */
export function readCredentials(backend: AccountBackend, home: string, platform: NodeJS.Platform = process.platform, env: Env = process.env): Credentials {
  const facts = HOME_FACTS[backend];
  return facts.readCredentials ? facts.readCredentials(home, platform, env) : readCredentialsFile(home, facts.credentialsFile);
}
