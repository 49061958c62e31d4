import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { keychainService, readKeychain } from "./claude/keychain.ts";

type Env = Record<string, string | undefined>;

/** The backends that run under accounts: each account is a home directory the CLI is pointed at. */
export const ACCOUNT_BACKENDS = ["claude", "codex"] as const;
export type AccountBackend = (typeof ACCOUNT_BACKENDS)[number];

export function isAccountBackend(name: string): name is AccountBackend {
  return (ACCOUNT_BACKENDS as readonly string[]).includes(name);
}

/** One item of a home shared with every account through a symbolic link to the canonical home. */
export interface SharedItem { name: string; kind: "file" | "dir" }

/** What agentmux needs to know about a CLI's home to run it under several accounts. */
export interface HomeFacts {
  label: string;
  /** The environment variable that points the CLI at a home. */
  variable: string;
  /** The credentials file inside a home (Claude on macOS: the Keychain instead, see readCredentials). */
  credentialsFile: string;
  /** What every account shares with the canonical home (credentials never are). */
  shared: readonly SharedItem[];
  /** The CLI's login flow, run with the account's variable set so the credentials land in its home. */
  loginArgs: readonly string[];
}

const file = (name: string): SharedItem => ({ name, kind: "file" });
const dir = (name: string): SharedItem => ({ name, kind: "dir" });

export const HOME_FACTS: Record<AccountBackend, HomeFacts> = {
  claude: {
    label: "Claude Code",
    variable: "CLAUDE_CONFIG_DIR",
    credentialsFile: ".credentials.json",
    shared: [
      file("settings.json"), file("CLAUDE.md"), file("history.jsonl"),
      dir("hooks"), dir("skills"), dir("agents"), dir("commands"), dir("output-styles"), dir("plugins"), dir("projects"), dir("todos"),
    ],
    loginArgs: ["auth", "login"],
  },
  codex: {
    label: "Codex",
    variable: "CODEX_HOME",
    credentialsFile: "auth.json",
    shared: [file("hooks.json"), file("history.jsonl"), dir("skills"), dir("sessions")],
    loginArgs: ["login"],
  },
};

/** The home each CLI uses when its variable is not set: ~/.claude, ~/.codex. */
export function canonicalHome(backend: AccountBackend, env: Env = process.env): string {
  return join(env["HOME"] || homedir(), backend === "claude" ? ".claude" : ".codex");
}

/** Where an account's credentials are, and their text when it has logged in. */
export interface Credentials { where: string; text: string | undefined }

/**
 * An account's credentials: its home's credentials file, except Claude Code on macOS, which keeps
 * them in the Keychain under a service named after the home (src/backends/claude/keychain.ts).
 */
export function readCredentials(backend: AccountBackend, home: string, platform: NodeJS.Platform = process.platform, env: Env = process.env): Credentials {
  if (backend === "claude" && platform === "darwin") {
    const service = keychainService(home);
    return { where: `the macOS Keychain item "${service}"`, text: readKeychain(service, env) };
  }
  const file = join(home, HOME_FACTS[backend].credentialsFile);
  let text: string | undefined;
  try { text = readFileSync(file, "utf8"); } catch { text = undefined; }
  return { where: file, text };
}
