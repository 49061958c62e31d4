import { existsSync } from "node:fs";
import { BACKEND_NAMES, DEFAULT_BACKEND } from "../backends/names.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { configFile } from "./cached.ts";
import { ACCOUNT_CONFIG_SCHEMA, ACCOUNTS_SCHEMA, checkAccountConfig } from "./accounts.ts";
import { checkHostsConfig, HOSTS_SCHEMA } from "./hosts.ts";
import { expandHome } from "../util/paths.ts";
import { isFileRefused, readRegularText } from "../util/regular-file.ts";
import { absent, bool, dict, list, num, obj, oneOf, oneOfValues, section, str, type Infer } from "./schema.ts";
import { locate, problemLine, problemsError, validateYaml, type ConfigProblem } from "./validate.ts";

// Every option, its type and its default are declared once, here; etc/config.example.yml explains them.

/** Per backend: the program, extra arguments, accounts, and the handoff file. */
const BACKEND_SCHEMA = obj({
  /** The executable to run (default: the CLI's own name on PATH; an empty one means that too). */
  program: str("a program name or path").map((program) => program || undefined),
  /** Extra arguments passed at every launch. */
  args: list(str()).default([]),
  /** claude and codex: the accounts, by name (see src/config/accounts.ts). */
  accounts: ACCOUNTS_SCHEMA,
  /** The file `agentmux handoff` reads (absolute, or relative to the session's directory; ~ expanded). */
  handoffFile: str("a file path").map((file) => (file ? expandHome(file) : undefined)),
});

/** One skill `agentmux exit` submits before closing a session: a name, or {name, directories, args, receipt}. */
const EXIT_SKILL_SCHEMA = oneOf([
  str("a skill name"),
  obj({ name: str("a skill name").required(), directories: list(str("a directory")), args: str("arguments"), receipt: bool }),
], "a skill name, or {name, directories, args, receipt}").map((entry) => typeof entry === "string"
  ? { name: entry, directories: null, args: "", receipt: false }
  : { name: entry.name, directories: entry.directories ? entry.directories.map((d) => expandHome(d)) : null, args: entry.args ?? "", receipt: entry.receipt ?? false });

export const CONFIG_SCHEMA = section({
  /** The backend `agentmux new` starts when given neither --backend nor --command. */
  defaultBackend: oneOfValues(BACKEND_NAMES).default(DEFAULT_BACKEND),
  backends: dict(BACKEND_SCHEMA, BACKEND_NAMES).default({}),
  /** backendSuffix: "@backend" on display names; quota: the selected accounts' remaining quota in the status segment and the switcher. */
  display: section({ backendSuffix: bool.default(false), quota: bool.default(false) }),
  /** The control API: agents driving other sessions (new, send, kill, rename, group verbs). */
  control: section({ enabled: bool.default(false) }),
  /** Notifications when a session needs the user (blocked) or finished a turn (waiting). */
  notify: section({
    enabled: bool.default(true),
    /** Run instead of the terminal notifications, with the text on stdin. */
    command: str("a shell command"),
    /** A sound file, played with `player` (default: paplay, aplay or afplay, whichever exists). */
    sound: str("a sound file"),
    player: str("a program that plays a sound file"),
  }),
  /** The session switcher (agentmux switch). */
  switcher: section({
    /** Shell commands run for each session (AGENTMUX_SESSION etc. set, the pane id as $1); the first non-empty line wins. */
    annotations: list(str("a shell command")).default([]),
    /** Caps the annotation column's width; 0 hides it; null fits it to the popup. */
    annotationMaxWidth: num(0, 1000).default(null),
  }),
  /** stats.command: run for the switcher's highlighted session (at most every 5 s); its first line is shown. */
  stats: section({ command: str("a shell command") }),
  /** Kill protection: `agentmux kill` at a terminal asks before ending a live agent (and again when it has branches). */
  protection: section({ kill: bool.default(true), branches: bool.default(true) }),
  /** Skills `agentmux exit` runs before closing a session. */
  exit: section({
    skills: list(EXIT_SKILL_SCHEMA).default([]),
    /** Where unscoped skills run (absolute); empty: everywhere. */
    directories: list(str("a directory").map((d) => expandHome(d))).default([]),
    /** Seconds a skill may take before the watchdog warns (the exit stays armed); at most a day. */
    timeout: num(1, 86_400).default(600),
  }),
  /** `agentmux branch --worktree`: the directory its git worktrees go under (default: under agentmux's cache directory, away from synced folders). */
  branch: section({ worktreeDirectory: str("a directory").map((d) => (d ? expandHome(d) : undefined)) }),
  /** Side conversations (`agentmux side`). */
  side: section({
    /** The side pane's width, as a percentage of the window; a narrower window opens the side in a window of its own. */
    width: num(10, 90).default(40),
    /** The narrowest side pane, in columns, before it opens in a window of its own instead. */
    minColumns: num(20, 1000).default(60),
    /** What `side dismiss` does with the fork's stored conversation. */
    onDismiss: oneOfValues(["delete", "keep", "ask"] as const).default("delete"),
    /** Replaces the side policy text (the boundary block and the system prompt); empty: agentmux's own. */
    policy: str("the policy text"),
    /** What `side conclude` asks the side for. */
    handbackPrompt: str("a prompt"),
    /** Say once in the side pane's status line when its parent finishes, fails or needs approval (the border shows it always). */
    reportParentStatus: bool.default(true),
  }),
  /** Where `agentmux projects` and `route` find the projects a session can start in (src/projects/). */
  projects: section({
    /** (account regex → sources), first match wins; an empty regex matches every account (and none). Default: one catch-all with known, ~/repos/*, ~/code/*, ~/src/*, ~/projects/*, ~/Developer/*. */
    sources: list(obj({
      account: str("a regular expression over the account name").default(""),
      /** Each: "known", a path pattern (*, ?, [...] one level per component), a registry file (*.json), or {registry, root}. */
      sources: list(oneOf([str("a source"), obj({ registry: str("a registry file").required(), root: str("a directory") })], "a source: known, a path pattern, a registry file, or {registry, root}")).required(),
    })),
    /** The root a registry's relative paths resolve against when neither its source nor its place names one. */
    registryRoot: str("a directory").map((d) => (d ? expandHome(d) : undefined)),
  }),
  /** Ordering project candidates by the routed text (only when both hold text). */
  ranking: section({
    /** A shell command given the request on stdin, answering labels comma separated; empty: the backend's non-interactive runner with `model`. */
    command: str("a shell command"),
    /** The model the backend's runner is asked with (default per backend: a small, fast one). */
    model: str("a model name"),
    /** Seconds before the request is given up (the order stays as it was). */
    timeout: num(1, 600).default(30),
  }),
  /** `agentmux route`. */
  route: section({
    /** The marker a routed TODO moves to once delivered (Markdown: "[-]", Org: e.g. "DOING"); empty: left as it is. */
    todoInProgress: str("a TODO marker"),
  }),
  /** `agentmux skill`: directories of skills interactive sessions do not load, listed and run by agentmux. */
  skills: section({ directories: list(str("a directory").map((d) => expandHome(d))).default([]) }),
  /** `agentmux batch` (and `audit`): each entry through the backend's non-interactive runner. */
  batch: section({
    concurrency: num(1, 64).default(1),
    /** Claude's --permission-mode for batch entries. */
    permissionMode: str("a permission mode").default("auto"),
    maxTurns: num(1, 10_000).default(30),
    allowedTools: list(str("a tool name")).default([]),
    model: str("a model name"),
    appendSystemPrompt: str("a system prompt"),
  }),
  /** Theme sync (`agentmux theme`): the light/dark setting written into each CLI's own theme for its new sessions. */
  theme: section({ sync: bool.default(false) }),
  /** The chief of staff (src/chief/, docs/chief.md): a model that looks at your plan and context every `interval` and nudges you only when it should. */
  chief: section({
    /** session: heartbeats into a long-lived chief session you can talk to; stateless: one non-interactive call per tick, answering JSON. */
    mode: oneOfValues(["session", "stateless"] as const).default("session"),
    /** A CLI with a system prompt flag and a transcript agentmux reads (session), or a non-interactive mode (stateless). */
    backend: oneOfValues(BACKEND_NAMES).default(DEFAULT_BACKEND),
    /** Seconds between ticks. */
    interval: num(60, 86_400).default(1800),
    /** Where the chief session and the stateless calls run (default: a private directory under agentmux's state directory). */
    directory: str("a directory").map((d) => (d ? expandHome(d) : undefined)),
    /** The chief session's instance name. */
    instance: str("an instance name").default("chief"),
    /** Your Markdown state file: "## Plan YYYY-MM-DD" headings and notes (default: chief.md beside the config file). */
    stateFile: str("a Markdown file").map((f) => (f ? expandHome(f) : undefined)),
    /** The state file's last characters given to the model. */
    stateMaxChars: num(200, 1_000_000).default(12_000),
    /** Shell commands whose output is added to each tick's context (agenda, tasks, calendar); empty output is left out. */
    contextCommands: list(str("a shell command")).default([]),
    /** Seconds each context command may take. */
    contextTimeout: num(1, 300).default(10),
    /** Stateless ticks: append the model's proposed state updates to the state file (off: only your notes and plans go there). */
    recordModelState: bool.default(false),
    /** Claude's --max-turns for a stateless tick. */
    maxTurns: num(1, 100).default(3),
    /** Replaces the standing instruction (the system prompt); empty: agentmux's own. */
    systemPrompt: str("the standing instruction"),
  }),
  /** `agentmux audit`: the skills run, one after another, in the audited directory. */
  audit: section({ skills: list(str("a skill name")).default([]) }),
  /** `agentmux send --from-agent`: seconds to wait for the recipient's transcript to record the message. */
  send: section({ confirmTimeout: num(1, 3600).default(60) }),
  /** The phone page (src/remote/, `agentmux remote`): where it listens, who may reach it, how much output it shows. */
  remote: section({
    /** Serve it whenever the daemon runs. */
    enabled: bool.default(false),
    listen: str("an address to listen on").default("0.0.0.0"),
    port: num(1, 65_535).default(8787),
    /** The host requests must name (null: this machine's Tailscale IPv4, from `tailscale ip -4`). */
    host: str("a host name or address").default(null),
    /** Peers outside these are closed without a response (CIDR; default Tailscale's range). */
    allowedNetworks: list(str("a network, e.g. 100.64.0.0/10")).default(["100.64.0.0/10"]),
    /** Always on: every peer needs a paired device's token. Only true is accepted (false is refused, checkRemoteConfig). */
    requireToken: bool,
    /** How many of the watched session's last lines the page shows. */
    outputLines: num(1, 1000).default(40),
  }),
  /** Other machines whose sessions show here, over ssh (src/config/hosts.ts, docs/hosts.md). */
  hosts: HOSTS_SCHEMA,
  /** Directory → account or pool, first match wins; routing; usage polling (src/config/accounts.ts). */
  ...ACCOUNT_CONFIG_SCHEMA,
});

export type Config = Infer<typeof CONFIG_SCHEMA> & {
  /** Where the config came from (for messages); undefined when no file exists. */
  file?: string | undefined;
  /**
   * What is wrong but refuses only the launches it would govern (a directory rule naming an
   * account its backend lacks), as file:line:col: key: what (fix); told once (config/warned.ts).
   */
  warnings?: string[] | undefined;
};
export type BackendConfig = Infer<typeof BACKEND_SCHEMA>;
export type ExitConfig = Config["exit"];
export type ExitSkill = ExitConfig["skills"][number];
export type NotifyConfig = Config["notify"];
export type SwitcherConfig = Config["switcher"];
export type HostConfig = Config["hosts"][number];

/** Every option at its default: the config when there is no file. */
export const DEFAULT_CONFIG: Config = absent(CONFIG_SCHEMA) as Config;

/** Parse and validate config text; every problem is reported as file:line:col: key: what (fix). */
export function parseConfig(text: string, file: string): Config {
  const { value, raw, problems } = validateYaml(text, CONFIG_SCHEMA);
  if (!value) throw problemsError(problems, file);
  const accounts = checkAccountConfig(raw, text);
  const more = [...accounts.problems, ...checkRemoteConfig(raw, text), ...checkHostsConfig(raw, text)];
  if (more.length > 0) throw problemsError(more, file);
  const warnings = accounts.warnings.map((p) => problemLine(p, file));
  return { ...value, file, ...(warnings.length > 0 ? { warnings } : {}) };
}

/**
 * remote.requireToken: false is refused, not honoured: no network is trusted without a device
 * token (a tailnet is often shared, and a local user can connect from this machine's own tailnet address).
 */
function checkRemoteConfig(raw: unknown, text: string): ConfigProblem[] {
  const remote = (raw as { remote?: { requireToken?: unknown } | null } | null)?.remote;
  if (remote?.requireToken !== false) return [];
  return [{
    ...locate(text, ["remote", "requireToken"]), key: "remote.requireToken",
    message: "false is not allowed: the phone page needs a paired device's token from every peer, on every network",
    fix: "remove remote.requireToken, and pair each device once with agentmux remote pair",
  }];
}

export { configFile } from "./cached.ts";

/** Load the user's config file, or the defaults when there is none (cached.ts keeps the result for the key-bound verbs). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const file = configFile(env);
  if (!existsSync(file)) return { ...DEFAULT_CONFIG, file: undefined };
  return parseConfig(readConfigText(file), file);
}

/** The largest config file read. */
export const CONFIG_MAX = 1024 * 1024;

/** The config file's text; one that is not a regular file (a directory, a FIFO), too large or unreadable is a clear error, not a stack trace or a hang. */
function readConfigText(file: string): string {
  try {
    return readRegularText(file, { maxBytes: CONFIG_MAX });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const what = isFileRefused(error) ? error.reason : `cannot be read (${code ?? (error as Error).message})`;
    throw new AgentmuxError(`${file}: the config file ${what}`, {
      hint: what.startsWith("is a directory") ? `move ${file} aside and write the config there as a YAML file, as in etc/config.example.yml` : `make ${file} a readable YAML file, or point AGENTMUX_CONFIG at one`,
      exitCode: EXIT.usage,
    });
  }
}
