import { homedir } from "node:os";
import { join } from "node:path";
import { BACKENDS, BACKEND_NAMES, type AccountBackend } from "./index.ts";
import { readCredentialsFile } from "./shared/credentials.ts";
import type { AccountSupport, Credentials } from "./shared/types.ts";

export type { AccountBackend } from "./index.ts";
export type { Credentials, SharedItem } from "./shared/types.ts";
/** What agentmux needs to know about a CLI's home to run it under several accounts. */
export type HomeFacts = AccountSupport;

type Env = Record<string, string | undefined>;

/** The backends that run under accounts: each account is a home directory the CLI is pointed at. */
export const ACCOUNT_BACKENDS = BACKEND_NAMES.filter((name) => BACKENDS[name].accounts !== undefined) as readonly AccountBackend[];

export function isAccountBackend(name: string): name is AccountBackend {
  return (ACCOUNT_BACKENDS as readonly string[]).includes(name);
}

export const HOME_FACTS = Object.fromEntries(ACCOUNT_BACKENDS.map((name) => [name, BACKENDS[name].accounts])) as Readonly<Record<AccountBackend, HomeFacts>>;

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
