import type { LaunchState } from "../../core/launch-state.ts";
import type { FetchOutcome } from "./usage-http.ts";
import type { HookTable } from "./hook-table.ts";
import type { ThemeSync } from "./theme.ts";

/** How a session is launched: fresh, resuming a native session, or forking one. */
export type LaunchMode = { kind: "new" } | { kind: "resume"; id: string } | { kind: "fork"; id: string };

export interface LaunchRequest {
  mode: LaunchMode;
  /** Initial prompt, handed over on the command line at launch. */
  prompt?: string | undefined;
  /** The program to run (config backends.<name>.program, default the CLI's own name). */
  program: string;
  /** Extra arguments from config backends.<name>.args and the command line. */
  args: string[];
  /** For the generic backend: the shell command to run. */
  command?: string | undefined;
}

export interface LaunchSpec {
  argv: string[];
  env: Record<string, string>;
}

export interface PrepareContext { stateDir: string; cwd: string; env: Record<string, string | undefined> }

/** What a CLI's own live report says of a session (Claude Code's sessions/<pid>.json). */
export interface LiveStatus { status: string; waitingFor?: string | undefined; sessionId?: string | undefined }

/** One query of a CLI's report of every session in one config directory (Claude Code's `claude agents --json`). */
export type LiveQueryResult =
  | { ok: true; startedAt: number; sessions: Map<string, LiveStatus> }
  | { ok: false; startedAt: number; error: string };

/** What a query says of one session: its report, "stale" (begun too soon after the session's last event), or "unknown". */
export type LiveReport = LiveStatus | "stale" | "unknown";

/** What a CLI's status-line JSON says of a session (Claude Code's statusLine command input). */
export interface StatusLineReading {
  sessionId?: string | undefined;
  /** New for every turn, whatever started it. */
  promptId?: string | undefined;
  /** The model's id, as --model takes it. */
  modelId?: string | undefined;
  /** Pane options to show (plain text; the daemon escapes them for formats). */
  options: Record<string, string>;
}

/** A session and the one it was forked from, as the CLI's own files record it. */
export interface LineagePair { id: string; parent: string }

/** Where a session's branches can be: its directory, its start (ms epoch), and the environment naming the CLI's home. */
export interface LineagePlace { dir: string; since: number | null; env: Record<string, string | undefined> }

/** One conversation as the CLI's own files record it (a transcript, a rollout). */
export interface ConversationHeader {
  /** The CLI's native session id (what --resume takes). */
  id: string;
  /** The conversation it was forked from, when the files tell; undefined for an original. */
  parent?: string | undefined;
  /** When it began (ms epoch); null when the files do not say. */
  startedAt: number | null;
  /** When it was last written (the file's mtime, ms epoch). */
  updatedAt: number;
  /** The directory it ran in. */
  dir: string;
  /** The first prompt the user typed, on one line (may be cut); "" when none yet. */
  firstPrompt: string;
  /** The files that hold it (what deleting it removes). */
  files: string[];
}

/** Where conversations are looked for: place.dir (or every directory), place.since bounds a scan of a store shared by all directories. */
export interface HistoryPlace { dir: string | null; since: number | null; env: Record<string, string | undefined> }

/** Reading and changing the conversations a CLI keeps (branches, resume, side conversations). */
/** One turn of a recorded conversation, as `agentmux read --transcript` prints it. */
export interface ConversationTurn {
  role: "user" | "assistant" | "tool";
  /** The text; for a tool call, one line naming the tool and its main argument. */
  text: string;
  /** Epoch ms, when the record carries a time. */
  at: number | null;
}

/** Options of one non-interactive run (batch entries, audit skills, ranking, `skill run --exec`). */
export interface RunOptions {
  model?: string | undefined;
  /** Claude's --permission-mode; backends without one ignore it. */
  permissionMode?: string | undefined;
  maxTurns?: number | undefined;
  allowedTools?: readonly string[] | undefined;
  appendSystemPrompt?: string | undefined;
  /**
   * A run about no project (ranking, triage): the CLI loads no settings, hooks or instructions of
   * the directory it runs in or its parents, where it has such a switch (Claude: --setting-sources user).
   */
  withoutProject?: boolean | undefined;
}

/** What one non-interactive run answered, read from the CLI's JSON output. */
export interface RunResult {
  ok: boolean;
  /** The final answer (or the error's words when !ok). */
  text: string;
  /** US dollars, when the CLI reports a cost; null otherwise. */
  costUsd: number | null;
  sessionId: string | null;
}

/** The CLI's non-interactive mode (`claude -p --output-format json`, `codex exec --json`). */
export interface RunnerSupport {
  /** Pure: the arguments after the program for one run of prompt (the prompt itself goes on stdin when `stdin` is true). */
  args(prompt: string, options: RunOptions): { args: string[]; stdin: boolean };
  /** Pure: the result from the run's stdout and exit code. */
  parse(stdout: string, exitCode: number): RunResult;
  /** The small, fast model ranking asks by default. */
  readonly rankingModel?: string;
}

export interface HistorySupport {
  /** I/O: the conversations recorded for place (place.dir null: every directory, newest first), each with its parent; null when the scan cannot tell (too many files, unreadable store). Cached by file mtime. */
  conversations(place: HistoryPlace): ConversationHeader[] | null;
  /** I/O: one conversation by id, wherever it ran (within the same bounds); null when not found. */
  find(id: string, place: HistoryPlace): ConversationHeader | null;
  /** I/O: the assistant's last answer in the conversation, as text; null when it has none yet (or cannot be read). */
  lastAnswer(id: string, place: HistoryPlace): string | null;
  /** I/O: whether the conversation holds a completed exchange (a prompt and an answer): a conversation without one cannot be forked. */
  hasExchange(id: string, place: HistoryPlace): boolean;
  /** I/O: whether the conversation records a user message containing text (a delivery check). */
  hasUserText?(id: string, place: HistoryPlace, text: string): boolean;
  /** I/O: the conversation's turns in order (user and assistant text, tool calls summarised in one line each); null when not found. */
  turns?(id: string, place: HistoryPlace): ConversationTurn[] | null;
  /** I/O: remove exactly the conversation's stored files; answers the paths removed. */
  remove(id: string, place: HistoryPlace): string[];
  /** I/O: make conversation id, recorded under fromDir, resumable from toDir (Claude keeps transcripts per project directory); answers the file it created (to remove on an undo), or null when nothing was needed. */
  prepareFork?(id: string, fromDir: string, toDir: string, env: Record<string, string | undefined>): string | null;
}

export interface Backend {
  /** Its name in the registry (src/backends/index.ts), the config and the manifest (manifests/<name>.yml). */
  readonly name: string;
  readonly label: string;
  readonly icon: string;
  /** The CLI's executable name on PATH. */
  readonly defaultProgram: string;
  /** How to install the CLI, for the "not installed" error. */
  readonly installHint: string;
  /** A plain command rather than an agent CLI: no conversation to resume or hand off; its screen is read with the manifest that recognises it. */
  readonly plainCommand?: true;
  /**
   * Whether an initial prompt can go on the command line. When it cannot (or promptOnCommandLine
   * says not for this launch), agentmux types the prompt and submits it once the CLI shows its prompt.
   */
  readonly takesPrompt: boolean;
  /** Pure: whether this launch's initial prompt goes on the command line; without it, takesPrompt says (droid drops one given with --resume or --fork). */
  promptOnCommandLine?(mode: LaunchMode): boolean;
  /** What starts a skill command at the prompt (Claude "/", Codex "$"); none: the CLI has no skills. */
  readonly skillPrefix?: string;
  /** A line of the screen that shows the CLI is ready for typing (the prompt box). */
  readonly readyPattern: RegExp;
  /** The line that holds what is typed (the last line matching it), where the CLI has one such line. */
  readonly inputLine?: RegExp;
  /** What the screen shows while prompts the user typed during a turn wait in the CLI's queue (they run when the turn ends). */
  readonly queuedPrompts?: RegExp;
  /** The CLI's own command that resumes a session, as it prints it (and alerts quote it): its first group is the native id (`agentmux route`). */
  readonly resumeLine?: RegExp;
  /** Pure: the argv and environment for a launch. Throws AgentmuxError for what the CLI cannot do. */
  launch(request: LaunchRequest): LaunchSpec;
  /**
   * I/O just before an interactive launch: put agentmux's hooks where this CLI reads them
   * (Claude: a --settings file; Codex: its home). Answers the argv to run.
   */
  prepare?(argv: string[], context: PrepareContext): string[];
  /**
   * I/O just before an interactive launch, for a CLI that finds agentmux's hooks through its
   * environment (Gemini: a system-defaults settings file; opencode: a config naming the plugin).
   */
  prepareEnv?(context: PrepareContext): Record<string, string>;
  /** I/O: write light, dark or auto into the CLI's own theme setting for its next sessions (theme.sync, `agentmux theme`); none: it has none agentmux writes. */
  syncTheme?: ThemeSync;
  /** Pure: the arguments that start a resumed session in the launch state the last one reported (model, permission mode). */
  resumeArgs?(state: LaunchState): string[];
  /** The CLI's hook events: which agentmux installs, and what each means (src/backends/<name>/hook-events.ts). */
  readonly hooks?: HookTable;
  /** I/O: the CLI's live report for the session whose pane process is panePid; null without one. */
  readLive?(panePid: number): LiveStatus | null;
  /** I/O: the config directory whose report (queryLive) covers the CLI running in the pane whose process is panePid; null when none. */
  liveConfigDir?(panePid: number): string | null;
  /** I/O: one query of the CLI's report of every session in a config directory; at most one runs per directory at a time. */
  queryLive?(configDir: string): Promise<LiveQueryResult>;
  /** Pure: what a query result says of one session, given the time of the session's last hook or session event. */
  liveReport?(result: LiveQueryResult | undefined, sessionId: string | undefined, lastEventAt: number): LiveReport;
  /** Pure: whether agentmux's state of a session (from its hooks) and the CLI's live report say the same; without it no disagreement is logged. */
  liveAgrees?(state: string, live: LiveStatus): boolean;
  /** Pure: a status-line JSON document (shell/agentmux-statusline keeps the last one); null when torn. */
  parseStatusLine?(text: string): StatusLineReading | null;
  /** The CLI's conversation store: past conversations, their lineage and answers; none: no branches, resume or side conversations. */
  history?: HistorySupport;
  /** Non-interactive runs: batch, audit, ranking, `skill run --exec`. */
  runner?: RunnerSupport;
  /** Pure: the skill directories the CLI loads, for a config home (CLAUDE_CONFIG_DIR, CODEX_HOME, else the default) and a project directory. */
  skillDirectories?(home: string | null, projectDir: string | null): { global: string[]; project: string[] };
  /** Pure: the arguments that add text to the system prompt at launch (Claude --append-system-prompt, Codex's developer instructions); none: the CLI has no such channel. */
  systemPromptArgs?(text: string): string[];
  /** I/O: the fork pairs recorded where sessions branched from one in place.dir can be; null when the scan cannot tell. */
  lineage?(place: LineagePlace): LineagePair[] | null;
  /** Pure: the lines `agentmux init --agents` prints for the CLI, to install agentmux's hooks by hand for sessions agentmux did not start. */
  outsideConfig?(scripts: HookScripts): string[];
  /** `agentmux setup <name> --global|--remove-global`: agentmux's hooks in the CLI's user settings, for sessions agentmux did not start. */
  globalSetup?: GlobalSetup;
  /** agentmux's MCP server (`agentmux mcp`, docs/mcp.md) registered with the CLI for the user: printed by `init --agents`, written by `init --mcp` where agentmux edits the CLI's config itself. */
  mcp?: McpRegistration;
  /** Running the CLI under several accounts (homes, credentials, sync, usage, login); none: it has no accounts. */
  accounts?: AccountSupport;
  /** I/O: the steps of `agentmux setup` that are this CLI's (its settings, its hooks twice), each with what it offers to do. */
  setupSteps?(env: Record<string, string | undefined>, stateDir: string): SetupStep[];
  /** I/O, read only: the checks of `agentmux doctor` that are this CLI's (Codex: its trust of agentmux's hooks). */
  doctorChecks?(env: Record<string, string | undefined>): Finding[];
  /** I/O when the daemon starts: remove what earlier launches left in agentmux's state directory; answers a line for the log, or null. */
  housekeeping?(stateDir: string, now: number): string | null;
}

/** agentmux's hook forwarder and status-line helper, as paths. */
export interface HookScripts { hook: string; statusLine: string }

/**
 * One step of `agentmux setup`: what it found, and at most one thing it offers to do. Nothing is
 * done without a yes (or --yes); a declined offer is reported and changes nothing.
 */
export interface SetupStep {
  step: string;
  /** What was found, in a line. */
  found: string;
  /** Whether the step found what agentmux needs (false: it says how to get it). */
  ok: boolean;
  offer?: { question: string; apply: () => string };
}

/**
 * One thing `agentmux doctor` looked at: what it found and, for a problem, the fix. A failure makes
 * the doctor's exit status non-zero; a warning is worth knowing but agentmux works with it.
 */
export interface Finding {
  check: string;
  level: "ok" | "warn" | "fail";
  said: string;
  fix?: string;
}

/** Adding agentmux's hooks to a CLI's user settings, or removing exactly them; each answers the line to print. */
/** How a CLI takes agentmux's MCP server, per user, and how it lets go of it. */
export interface McpRegistration {
  /** Pure: the lines `init --agents` prints: how to register `command` with the CLI, and how to remove it. */
  printed(command: readonly string[]): string[];
  /** Pure: the CLI's own command that registers it (or with undo, removes it), for a CLI whose config agentmux does not edit itself. */
  command?(command: readonly string[], undo: boolean): string;
  /** Pure: that command's words after the CLI's program, to run it (setup does, after a yes). */
  args?(command: readonly string[], undo: boolean): string[];
  /** I/O: register it in the CLI's user config; answers what changed, or null when it was there already. */
  add?(command: readonly string[], env: Record<string, string | undefined>): string | null;
  /** I/O: take it out again (what add wrote, nothing else); answers what changed, or null when it was not there. */
  remove?(env: Record<string, string | undefined>): string | null;
  /** I/O, read only: whether it is registered for the user (null: cannot tell, the CLI is not installed). */
  registered?(env: Record<string, string | undefined>): boolean | null;
  /** For one project only (its own file, e.g. Claude Code's .mcp.json): register, or take out; each answers what changed, or null. */
  project?: { add(dir: string, command: readonly string[]): string | null; remove(dir: string): string | null };
}

export interface GlobalSetup { description: string; addOption: string; removeOption: string; add(): string; remove(): string }

/** One item of a home shared with every account through a symbolic link to the canonical home. */
export interface SharedItem { name: string; kind: "file" | "dir" }

/** Where an account's credentials are, and their text when it has logged in. */
export interface Credentials { where: string; text: string | undefined }

/** What one account-home sync step of a CLI did: notes for the report and where it moved things aside. */
export interface HomeSyncResult { notes: string[]; backups: string[] }

/** What agentmux needs to know about a CLI to run it under several accounts, each a home directory. */
export interface AccountSupport {
  label: string;
  /** The environment variable that points the CLI at a home. */
  variable: string;
  /** The home the CLI uses when its variable is not set, relative to $HOME (".claude"). */
  canonicalDir: string;
  /** The credentials file inside a home (readCredentials may look elsewhere). */
  credentialsFile: string;
  /** What every account shares with the canonical home (credentials never are). */
  shared: readonly SharedItem[];
  /** The CLI's login flow, run with the account's variable set so the credentials land in its home. */
  loginArgs: readonly string[];
  /** I/O: the account's credentials, where the CLI keeps them somewhere else than credentialsFile on some platform. */
  readCredentials?(home: string, platform: NodeJS.Platform, env: Record<string, string | undefined>): Credentials;
  /** I/O: the CLI's own part of an account-home sync, after the shared items are linked; item names it in errors. */
  syncHome?: { item: string; run(canonical: string, home: string, now: Date): HomeSyncResult };
  /** The usage endpoint's default URL (config usage.<backend>.url). */
  usageUrl: string;
  /** I/O: one account's quota from the usage endpoint. */
  fetchUsage(home: string, url: string, options: { now: number; timeoutMs: number }): Promise<FetchOutcome>;
}
