import { randomBytes } from "node:crypto";
import { resolveTheme, syncThemeFor } from "./theme.ts";
import { statSync } from "node:fs";
import { basename, resolve } from "node:path";
import { accountForLaunch } from "../accounts/launch-account.ts";
import { COMMAND_BACKEND, getBackend } from "../backends/index.ts";
import type { Backend, LaunchMode } from "../backends/shared/types.ts";
import type { Config } from "../config/config.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { shellScript } from "../util/install-dir.ts";
import { daemonSocketPath, places } from "../util/paths.ts";
import { tokenHash } from "../util/token.ts";
import { which } from "../util/which.ts";
import { headCommit } from "../util/git.ts";
import { BASE_OPTION } from "./base.ts";
import { waitForReady } from "./ready.ts";
import { sendText } from "./send.ts";
import { formatLaunchState, type LaunchState } from "../core/launch-state.ts";
import { rememberStarted } from "../projects/known.ts";

export interface NewSessionRequest {
  backend?: string | undefined;
  command?: string | undefined;
  dir?: string | undefined;
  account?: string | undefined;
  instance?: string | undefined;
  prompt?: string | undefined;
  submit: boolean;
  split: boolean;
  mode?: LaunchMode;
  extraArgs?: string[];
  group?: string | undefined;
  /** Restart in place: respawn this pane (tmux respawn-pane -k) instead of opening a new one. */
  respawn?: string | undefined;
  /** Open the pane by splitting this pane (beside it, in its window) rather than as a new window. */
  splitFrom?: string | undefined;
  /** With splitFrom: the new pane's width, as a percentage of the pane split (a side conversation's side.width). */
  splitPercent?: number | undefined;
  /** Never record the session in the restore registry (the demo's sessions). */
  norestore?: boolean;
  /** Restart and restore: the launch state the last process reported (model, permission mode). */
  launch?: LaunchState | undefined;
  /** A side conversation: the parent's pane, and the side policy's version (pane options @agentmux-parent, @agentmux-side). */
  side?: { parent: string; policyVersion: string } | undefined;
}

export interface Prepared {
  backend: Backend;
  dir: string;
  argv: string[];
  env: Record<string, string>;
  /** Prompt typed after start-up, not on the command line: with --no-submit, or where the CLI takes none on its command line. */
  typedPrompt: string | undefined;
  /** Whether the typed prompt is submitted too (the CLI cannot take it on its command line, and --no-submit was not given). */
  submitTyped: boolean;
  /** The account the session runs under (a pool routed to its member), recorded in @agentmux-account. */
  account?: string | undefined;
  /** What to tell the user about the account: a pool changed member, or every member is limited. */
  accountNotice?: string | undefined;
  /** theme.sync is on: the CLI's theme setting is written before the pane opens (session/theme.ts). */
  themeSync?: boolean | undefined;
  /** A pool was routed to pick the account: its readings are refreshed after the start. */
  routedPool?: { backend: string; pool: string } | undefined;
}

/** Check everything that can be checked before a window exists; nothing is created here. */
export function prepareLaunch(request: NewSessionRequest, config: Config, cwd = process.cwd(), pathEnv = process.env["PATH"] ?? ""): Prepared {
  if (request.backend && request.command && request.backend !== COMMAND_BACKEND) {
    throw new AgentmuxError("--backend and --command cannot be used together", { hint: "--command runs any command; --backend starts an agent CLI" });
  }
  const backend = getBackend(request.command ? COMMAND_BACKEND : request.backend ?? config.defaultBackend);
  const dir = resolve(cwd, request.dir ?? ".");
  let isDir = false;
  try { isDir = statSync(dir).isDirectory(); } catch { /* missing */ }
  if (!isDir) throw new AgentmuxError(`directory ${dir} does not exist`, { hint: "create it, or pass an existing --dir" });
  if (request.instance !== undefined && !/^[\w.-]+$/.test(request.instance)) {
    throw new AgentmuxError(`instance name "${request.instance}" is not valid`, { hint: "use letters, digits, '.', '_' and '-'" });
  }
  const backendConfig = config.backends[backend.name];
  const program = backendConfig?.program ?? backend.defaultProgram;
  if (backend.plainCommand) {
    const first = /^\s*(?:exec\s+)?([^\s;&|()<>]+)/.exec(request.command ?? "")?.[1];
    if (first && !first.includes("=") && !which(first, pathEnv) && !isShellBuiltin(first)) {
      throw new AgentmuxError(`command "${first}" is not installed (not found on PATH)`, { hint: backend.installHint });
    }
  } else if (!which(program, pathEnv)) {
    throw new AgentmuxError(`${backend.label} is not installed: "${program}" is not on PATH`, { hint: backend.installHint });
  }
  const mode = request.mode ?? { kind: "new" as const };
  // A CLI that cannot take the prompt on its command line (for this launch) gets it typed and submitted once it is up.
  const onCommandLine = backend.promptOnCommandLine ? backend.promptOnCommandLine(mode) : backend.takesPrompt;
  const submitTyped = request.submit && !onCommandLine && request.prompt !== undefined && !backend.plainCommand;
  const typedPrompt = request.submit && !submitTyped ? undefined : request.prompt;
  if (typedPrompt !== undefined && backend.plainCommand) {
    throw new AgentmuxError("a plain command takes no --prompt", { hint: "put the input in the command, or use an agent backend" });
  }
  const spec = backend.launch({
    mode,
    prompt: request.submit && !submitTyped ? request.prompt : undefined,
    program,
    args: [...(backendConfig?.args ?? []), ...(request.extraArgs ?? []), ...(request.launch && backend.resumeArgs ? backend.resumeArgs(request.launch) : [])],
    command: request.command,
  });
  // The account (explicit, else the directory rule, else the selection) points the CLI at its home.
  const chosen = accountForLaunch(config, backend.name, request.account, dir, { stateDir: places().stateDir });
  const cliEnv = { ...process.env, ...chosen.env };
  // The backend installs agentmux's hooks where its CLI reads them (src/backends/*.ts prepare).
  const context = { stateDir: places().stateDir, cwd: dir, env: cliEnv };
  const argv = backend.prepare ? backend.prepare(spec.argv, context) : spec.argv;
  const hookEnv = backend.prepareEnv ? backend.prepareEnv(context) : {};
  return { backend, dir, argv, env: { ...spec.env, ...chosen.env, ...hookEnv }, typedPrompt, submitTyped, account: chosen.account?.name ?? request.account, accountNotice: chosen.notice, themeSync: config.theme.sync,
    routedPool: chosen.resolution?.route ? { backend: backend.name, pool: chosen.resolution.route.pool } : undefined };
}

const BUILTINS = new Set(["cd", "echo", "printf", "read", "test", "[", "true", "false", "exit", "export", "sleep", "while", "for", "if", "until"]);
function isShellBuiltin(word: string): boolean {
  return BUILTINS.has(word);
}

export interface Launched { pane: string; token: string }

/** Open the session's pane, record its identity in pane options, and hand it its environment. */
export async function launchSession(tmux: Tmux, request: NewSessionRequest, prepared: Prepared, notify?: (text: string) => void): Promise<Launched> {
  await tmux.version();
  if (!(await tmux.hasServer())) {
    throw new AgentmuxError("no tmux server is running and agentmux is not inside tmux", {
      hint: "start tmux first (tmux new -s agents), or pass --socket-name/--socket-path",
    });
  }
  // theme.sync: the light/dark setting goes into the CLI's own theme before it starts (never into a running one).
  if (prepared.themeSync) {
    // Only a failure is told (Gemini's and Qwen's session settings are written afresh at every launch).
    const synced = syncThemeFor(prepared.backend.name, (await resolveTheme(tmux)).mode, { ...process.env, ...prepared.env });
    if (synced.failed && synced.line) notify?.(`warning: ${synced.line}`);
  }
  const socketPath = await tmux.socketPath();
  const token = randomBytes(16).toString("hex");
  const env: Record<string, string> = {
    ...prepared.env,
    AGENTMUX_TOKEN: token,
    AGENTMUX_TOKEN_HASH: tokenHash(token),
    AGENTMUX_SOCK: daemonSocketPath(socketPath),
    PATH: process.env["PATH"] ?? "/usr/bin:/bin",
  };
  for (const name of ["AGENTMUX_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"]) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  const resumeId = request.mode && request.mode.kind === "resume" ? request.mode.id : "";
  // The commit the directory was at when the session started (`agentmux diff` in a plain checkout); a restart keeps its own.
  const base = request.respawn ? null : await headCommit(prepared.dir);
  const options: Record<string, string> = {
    "@agentmux-backend": prepared.backend.name,
    "@agentmux-icon": prepared.backend.icon,
    "@agentmux-account": prepared.account ?? request.account ?? "",
    "@agentmux-dir": prepared.dir,
    "@agentmux-instance": request.instance ?? "",
    "@agentmux-id": resumeId,
    "@agentmux-token-hash": tokenHash(token),
    "@agentmux-started": String(Date.now()),
    ...(base ? { [BASE_OPTION]: base } : {}),
    ...(request.group ? { "@agentmux-group": request.group } : {}),
    ...(request.norestore ? { "@agentmux-norestore": "1" } : {}),
    "@agentmux-launch": request.launch ? formatLaunchState(request.launch) : "",
    // A fork records what it was forked from; a side conversation its parent and policy version.
    "@agentmux-forked-from": request.mode?.kind === "fork" ? request.mode.id : "",
    "@agentmux-parent": request.side?.parent ?? "",
    "@agentmux-side": request.side?.policyVersion ?? "",
  };
  if (request.respawn) return respawnSession(tmux, request.respawn, { argv: [shellScript("agentmux-launch"), ...prepared.argv], dir: prepared.dir, env }, options, token);
  const splitFrom = request.splitFrom ?? (request.split ? process.env["TMUX_PANE"] || (await tmux.expand("#{pane_id}")) : undefined);
  // The window is named like the session (its project, and instance), not after the CLI's process.
  const windowName = windowNameFor(prepared.dir, request.instance);
  const pane = await tmux.spawn({ argv: [shellScript("agentmux-launch"), ...prepared.argv], dir: prepared.dir, env, splitFrom, percent: request.splitFrom ? request.splitPercent : undefined, windowName });
  try {
    await tmux.setPaneOptions(pane, options);
  } catch (error) {
    await tmux.killPane(pane).catch(() => undefined);
    throw error;
  }
  if (!request.norestore) rememberStarted(places().stateDir, prepared.dir);
  if (prepared.typedPrompt) {
    // A dialog first (Claude's folder trust): the text waits until the user has answered it.
    await waitForReady(tmux, pane, prepared.backend, { onDialog: () => notify?.(`${pane} shows a dialog: the prompt is typed once you answer it there`) });
    await sendText(tmux, pane, prepared.typedPrompt, prepared.submitTyped ? { enter: true, promptLine: prepared.backend.inputLine } : { enter: false });
  }
  return { pane, token };
}

/** The window name a session gets: its directory's name, and its instance (tmux shows it cleaned: src/tmux/commands.ts). */
export function windowNameFor(dir: string, instance: string | undefined): string {
  return `${basename(dir) || dir}${instance ? `:${instance}` : ""}`;
}

/**
 * Replace a pane's process in place (same pane id, window and position). The new identity and token
 * go in first, with the old process's state cleared, so the daemon tracks the new process from its
 * first hook and drops the old one's late events as foreign.
 */
async function respawnSession(tmux: Tmux, pane: string, spawn: { argv: string[]; dir: string; env: Record<string, string> }, options: Record<string, string>, token: string): Promise<Launched> {
  await tmux.setPaneOptions(pane, { ...options, "@agentmux-machine": "", "@agentmux-state": "", "@agentmux-state-since": "", "@agentmux-exit": "", "@agentmux-status-text": "" });
  await tmux.respawn(pane, spawn);
  return { pane, token };
}

