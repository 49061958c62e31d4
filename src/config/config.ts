import { existsSync, readFileSync } from "node:fs";
import { BACKEND_NAMES } from "../backends/index.ts";
import type { BackendName } from "../backends/types.ts";
import { AgentmuxError } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import { ACCOUNT_CONFIG_SCHEMA, ACCOUNTS_SCHEMA, DEFAULT_ACCOUNT_CONFIG, readAccountConfig, type AccountEntry, type AccountSettings, type DirectoryRule, type UsageSettings } from "./accounts.ts";
import { bool, dict, list, num, obj, oneOfValues, str } from "./schema.ts";
import { validateYaml } from "./validate.ts";

export interface BackendConfig {
  /** The executable to run (default: the CLI's own name on PATH). */
  program?: string;
  /** Extra arguments passed at every launch. */
  args: string[];
  /** claude and codex: the accounts, by name (see src/config/accounts.ts). */
  accounts?: Record<string, AccountEntry>;
}

export interface NotifyConfig {
  enabled: boolean;
  /** Run instead of the terminal notifications, with the text on stdin. */
  command?: string | undefined;
  /** A sound file, played with `player` (default: paplay, aplay or afplay, whichever exists). */
  sound?: string | undefined;
  player?: string | undefined;
}

export interface SwitcherConfig {
  /** Shell commands run for each session (AGENTMUX_SESSION etc. set, the pane id as $1); the first non-empty line wins. */
  annotations: string[];
  /** Caps the annotation column's width; 0 hides it; null fits it to the popup. */
  annotationMaxWidth: number | null;
}

export interface Config {
  defaultBackend: BackendName;
  backends: Partial<Record<BackendName, BackendConfig>>;
  display: { backendSuffix: boolean };
  /** The control API: agents driving other sessions (new, send, kill, rename, group verbs). */
  control: { enabled: boolean };
  /** Notifications when a session needs the user (blocked) or finished a turn (waiting). */
  notify: NotifyConfig;
  /** Directory → account or pool, first match wins; routing; usage polling (src/config/accounts.ts). */
  directoryRules: DirectoryRule[];
  accounts: AccountSettings;
  usage: UsageSettings;
  /** The session switcher (agentmux switch): annotation commands, and a cap on their column. */
  switcher: SwitcherConfig;
  /** stats.command: run for the switcher's highlighted session (at most every 5 s); its first line is shown. */
  stats: { command?: string | undefined };
  /** Kill protection: `agentmux kill` at a terminal asks before ending a live agent. */
  protection: { kill: boolean };
  /** Where the config came from (for messages); undefined when no file exists. */
  file?: string | undefined;
}

const backendSchema = obj({ program: str("a program name or path"), args: list(str()), accounts: ACCOUNTS_SCHEMA });

export const CONFIG_SCHEMA = obj({
  defaultBackend: oneOfValues(BACKEND_NAMES),
  backends: dict(backendSchema, BACKEND_NAMES),
  display: obj({ backendSuffix: bool }),
  control: obj({ enabled: bool }),
  notify: obj({ enabled: bool, command: str("a shell command"), sound: str("a sound file"), player: str("a program that plays a sound file") }),
  switcher: obj({ annotations: list(str("a shell command")), annotationMaxWidth: num(0) }),
  stats: obj({ command: str("a shell command") }),
  protection: obj({ kill: bool }),
  ...ACCOUNT_CONFIG_SCHEMA,
});

export const DEFAULT_CONFIG: Config = { defaultBackend: "claude", backends: {}, display: { backendSuffix: false }, control: { enabled: false }, notify: { enabled: true }, switcher: { annotations: [], annotationMaxWidth: null }, stats: {}, protection: { kill: true }, ...DEFAULT_ACCOUNT_CONFIG };

interface RawConfig {
  defaultBackend?: BackendName;
  backends?: Partial<Record<BackendName, { program?: string; args?: string[] } | null>>;
  display?: { backendSuffix?: boolean } | null;
  control?: { enabled?: boolean } | null;
  notify?: { enabled?: boolean; command?: string; sound?: string; player?: string } | null;
  switcher?: { annotations?: string[]; annotationMaxWidth?: number } | null;
  stats?: { command?: string } | null;
  protection?: { kill?: boolean } | null;
}

/** Parse and validate config text; every problem is reported as file:line:col: key: what (fix). */
export function parseConfig(text: string, file: string): Config {
  const { value, problems } = validateYaml(text, CONFIG_SCHEMA);
  if (problems.length > 0) {
    const lines = problems.map((p) => `${file}:${p.line}:${p.col}: ${p.key}: ${p.message} (${p.fix})`);
    throw new AgentmuxError(lines.join("\n"), { hint: "see etc/config.example.yml for every option", exitCode: 2 });
  }
  const raw = (value ?? {}) as RawConfig;
  const backends: Config["backends"] = {};
  for (const [name, entry] of Object.entries(raw.backends ?? {})) {
    backends[name as BackendName] = { ...(entry?.program ? { program: entry.program } : {}), args: entry?.args ?? [] };
  }
  return {
    defaultBackend: raw.defaultBackend ?? DEFAULT_CONFIG.defaultBackend,
    // backends (with their accounts) come from readAccountConfig below.
    display: { backendSuffix: raw.display?.backendSuffix ?? false },
    control: { enabled: raw.control?.enabled ?? false },
    notify: { enabled: raw.notify?.enabled ?? true, command: raw.notify?.command, sound: raw.notify?.sound, player: raw.notify?.player },
    switcher: { annotations: raw.switcher?.annotations ?? [], annotationMaxWidth: raw.switcher?.annotationMaxWidth ?? null },
    stats: { command: raw.stats?.command },
    protection: { kill: raw.protection?.kill ?? true },
    ...readAccountConfig(value, text, file, backends),
    file,
  };
}

/** Load the user's config file, or the defaults when there is none. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const file = env["AGENTMUX_CONFIG"] || places(env).configFile;
  if (!existsSync(file)) return { ...DEFAULT_CONFIG, file: undefined };
  return parseConfig(readFileSync(file, "utf8"), file);
}
