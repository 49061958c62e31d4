import { existsSync, readFileSync } from "node:fs";
import { BACKEND_NAMES, DEFAULT_BACKEND } from "../backends/index.ts";
import type { BackendName } from "../backends/index.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { ACCOUNT_CONFIG_SCHEMA, ACCOUNTS_SCHEMA, DEFAULT_ACCOUNT_CONFIG, readAccountConfig, type AccountEntry, type AccountSettings, type DirectoryRule, type UsageSettings } from "./accounts.ts";
import { expandHome, places } from "../util/paths.ts";
import { bool, dict, list, num, obj, oneOfValues, str, type Schema } from "./schema.ts";
import { validateYaml } from "./validate.ts";

export interface BackendConfig {
  /** The executable to run (default: the CLI's own name on PATH). */
  program?: string;
  /** Extra arguments passed at every launch. */
  args: string[];
  /** claude and codex: the accounts, by name (see src/config/accounts.ts). */
  accounts?: Record<string, AccountEntry>;
  /** The file `agentmux handoff` reads (absolute, or relative to the session's directory; ~ expanded). */
  handoffFile?: string | undefined;
}

/** One skill `agentmux exit` submits before closing a session. */
export interface ExitSkill {
  name: string;
  /** Only for sessions under one of these directories (absolute); null: wherever exit.directories allows. */
  directories: string[] | null;
  /** Appended to the submitted command. */
  args: string;
  /** The skill must write a JSON receipt to the --receipt-file path before the chain goes on. */
  receipt: boolean;
}

export interface ExitConfig {
  skills: ExitSkill[];
  /** Where unscoped skills run (absolute); empty: everywhere. */
  directories: string[];
  /** Seconds a skill may take before the watchdog warns (the exit stays armed). */
  timeout: number;
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
  /** backendSuffix: "@backend" on display names; quota: the selected accounts' remaining quota in the status segment and the switcher. */
  display: { backendSuffix: boolean; quota: boolean };
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
  /** Kill protection: `agentmux kill` at a terminal asks before ending a live agent (and again when it has branches). */
  protection: { kill: boolean; branches: boolean };
  /** Skills `agentmux exit` runs before closing a session. */
  exit: ExitConfig;
  /** Where the config came from (for messages); undefined when no file exists. */
  file?: string | undefined;
}

const backendSchema = obj({ program: str("a program name or path"), args: list(str()), accounts: ACCOUNTS_SCHEMA, handoffFile: str("a file path") });

const exitSkillSchema: Schema = {
  kind: "oneOf",
  options: [str("a skill name"), obj({ name: str("a skill name"), directories: list(str("a directory")), args: str("arguments"), receipt: bool }, { required: ["name"] })],
  describe: "a skill name, or {name, directories, args, receipt}",
};

export const CONFIG_SCHEMA = obj({
  defaultBackend: oneOfValues(BACKEND_NAMES),
  backends: dict(backendSchema, BACKEND_NAMES),
  display: obj({ backendSuffix: bool, quota: bool }),
  control: obj({ enabled: bool }),
  notify: obj({ enabled: bool, command: str("a shell command"), sound: str("a sound file"), player: str("a program that plays a sound file") }),
  switcher: obj({ annotations: list(str("a shell command")), annotationMaxWidth: num(0, 1000) }),
  stats: obj({ command: str("a shell command") }),
  protection: obj({ kill: bool, branches: bool }),
  // exit.timeout: seconds an exit chain's skill may run, at most a day.
  exit: obj({ skills: list(exitSkillSchema), directories: list(str("a directory")), timeout: num(1, 86_400) }),
  ...ACCOUNT_CONFIG_SCHEMA,
});

export const DEFAULT_CONFIG: Config = { defaultBackend: DEFAULT_BACKEND, backends: {}, display: { backendSuffix: false, quota: false }, control: { enabled: false }, notify: { enabled: true }, switcher: { annotations: [], annotationMaxWidth: null }, stats: {}, protection: { kill: true, branches: true }, exit: { skills: [], directories: [], timeout: 600 }, ...DEFAULT_ACCOUNT_CONFIG };

interface RawConfig {
  defaultBackend?: BackendName;
  backends?: Partial<Record<BackendName, { program?: string; args?: string[]; handoffFile?: string } | null>>;
  display?: { backendSuffix?: boolean; quota?: boolean } | null;
  control?: { enabled?: boolean } | null;
  notify?: { enabled?: boolean; command?: string; sound?: string; player?: string } | null;
  switcher?: { annotations?: string[]; annotationMaxWidth?: number } | null;
  stats?: { command?: string } | null;
  protection?: { kill?: boolean; branches?: boolean } | null;
  exit?: { skills?: Array<string | { name: string; directories?: string[]; args?: string; receipt?: boolean }>; directories?: string[]; timeout?: number } | null;
}

/** Parse and validate config text; every problem is reported as file:line:col: key: what (fix). */
export function parseConfig(text: string, file: string): Config {
  const { value, problems } = validateYaml(text, CONFIG_SCHEMA);
  if (problems.length > 0) {
    const lines = problems.map((p) => `${file}:${p.line}:${p.col}: ${p.key}: ${p.message} (${p.fix})`);
    throw new AgentmuxError(lines.join("\n"), { hint: "see etc/config.example.yml for every option", exitCode: EXIT.usage });
  }
  const raw = (value ?? {}) as RawConfig;
  const backends: Config["backends"] = {};
  for (const [name, entry] of Object.entries(raw.backends ?? {})) {
    backends[name as BackendName] = { ...(entry?.program ? { program: entry.program } : {}), args: entry?.args ?? [], ...(entry?.handoffFile ? { handoffFile: expandHome(entry.handoffFile) } : {}) };
  }
  return {
    defaultBackend: raw.defaultBackend ?? DEFAULT_CONFIG.defaultBackend,
    // backends (with their accounts) come from readAccountConfig below.
    display: { backendSuffix: raw.display?.backendSuffix ?? false, quota: raw.display?.quota ?? false },
    control: { enabled: raw.control?.enabled ?? false },
    notify: { enabled: raw.notify?.enabled ?? true, command: raw.notify?.command, sound: raw.notify?.sound, player: raw.notify?.player },
    switcher: { annotations: raw.switcher?.annotations ?? [], annotationMaxWidth: raw.switcher?.annotationMaxWidth ?? null },
    stats: { command: raw.stats?.command },
    protection: { kill: raw.protection?.kill ?? true, branches: raw.protection?.branches ?? true },
    exit: readExit(raw.exit),
    ...readAccountConfig(value, text, file, backends),
    file,
  };
}

function readExit(raw: RawConfig["exit"]): ExitConfig {
  const dirs = (list: string[] | undefined) => (list ?? []).map((d) => expandHome(d));
  return {
    skills: (raw?.skills ?? []).map((entry) => typeof entry === "string"
      ? { name: entry, directories: null, args: "", receipt: false }
      : { name: entry.name, directories: entry.directories ? dirs(entry.directories) : null, args: entry.args ?? "", receipt: entry.receipt ?? false }),
    directories: dirs(raw?.directories),
    timeout: raw?.timeout ?? 600,
  };
}

/** Load the user's config file, or the defaults when there is none. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const file = env["AGENTMUX_CONFIG"] || places(env).configFile;
  if (!existsSync(file)) return { ...DEFAULT_CONFIG, file: undefined };
  return parseConfig(readConfigText(file), file);
}

/** The config file's text; one that is a directory or unreadable is a clear error, not a stack trace. */
function readConfigText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const what = code === "EISDIR" ? "is a directory, not a file" : `cannot be read (${code ?? (error as Error).message})`;
    throw new AgentmuxError(`${file}: the config file ${what}`, {
      hint: code === "EISDIR" ? `move ${file} aside and write the config there as a YAML file, as in etc/config.example.yml` : `make ${file} a readable YAML file, or point AGENTMUX_CONFIG at one`,
      exitCode: EXIT.usage,
    });
  }
}
