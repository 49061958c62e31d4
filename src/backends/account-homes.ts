import { homedir } from "node:os";
import { join } from "node:path";

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
  /** The credentials file inside a home; undefined where the CLI keeps them elsewhere (macOS Keychain). */
  credentialsFile: string | undefined;
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
    // Linux keeps them in the home; macOS in the Keychain, which agentmux does not read.
    credentialsFile: process.platform === "darwin" ? undefined : ".credentials.json",
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
