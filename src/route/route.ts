import { declaresName } from "../accounts/accounts.ts";
import { directoryRuleFor } from "../accounts/directory-rules.ts";
import { isAccountBackend } from "../backends/account-homes.ts";
import { getBackend, promptLineOf } from "../backends/index.ts";
import type { Config } from "../config/config.ts";
import { openConversation } from "../lifecycle/conversations.ts";
import { projectAccount } from "../projects/account.ts";
import { projectCandidates, repositoryDirectory, type ProjectCandidate } from "../projects/candidates.ts";
import { prepareLaunch } from "../session/launch.ts";
import { startSession } from "../lifecycle/start-session.ts";
import { sendText } from "../session/send.ts";
import { findSession, listSessions, type NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import type { ExtractEnv, RouteContext, Thing } from "./context.ts";
import { ghRunner } from "./gh.ts";
import { recognise } from "./recognise.ts";
import { resumeRow } from "./resume.ts";

type Env = Record<string, string | undefined>;

export interface RouteRequest {
  thing: Thing;
  /** Deliver to this running session (pane id, name or instance). */
  to?: string | undefined;
  /** Deliver to a running session chosen with pickSession. */
  pick?: boolean | undefined;
  backend?: string | undefined;
  account?: string | undefined;
  /** Start the new session here (no project is chosen). */
  dir?: string | undefined;
}

/** What the command layer does for route: the questions a person answers, showing a pane, telling the daemon. */
export interface RouteHooks {
  pickSession(sessions: readonly NamedSession[]): Promise<NamedSession>;
  /** The project question: the account's candidates, ranked by text unless a directory is suggested, then the picker; answers the directory. */
  chooseProject(question: { account: string | null; backend: string; text: string; suggested: string | null }): Promise<string>;
  /** Show the pane the payload went to. */
  show(pane: string): Promise<void>;
  /** Agentmux typed and submitted text into a running session (the daemon hears of the turn). */
  submitted(pane: string, at: number): Promise<void>;
  note(text: string): void;
}

export interface RouteResult {
  kind: string;
  pane: string;
  /** new: a session started; running: typed into one; switched: to the live session a resume line names; resumed: it restarted. */
  delivered: "new" | "running" | "switched" | "resumed";
  dir: string;
  submitted: boolean;
}

/** The backend and its account, resolved together before extraction: a later account switch changes nothing here. */
export function captureBackend(config: Config, backend: string | undefined, account: string | undefined, stateDir: string): { backend: string; account: string | null } {
  const name = getBackend(backend ?? config.defaultBackend).name;
  return { backend: name, account: projectAccount(name, account, stateDir) };
}

/** Route a thing: recognise and extract it, choose the session, deliver the payload, then run its after-step. */
export async function route(tmux: Tmux, config: Config, request: RouteRequest, hooks: RouteHooks, env: Env = process.env): Promise<RouteResult> {
  if (request.to !== undefined && request.pick) throw new AgentmuxError("--to and --pick cannot be used together", { hint: "--to names the session; --pick asks for one" });
  if ((request.to !== undefined || request.pick) && request.dir !== undefined) throw new AgentmuxError("--dir starts a new session; --to and --pick deliver to a running one", { hint: "pass one of them" });
  const stateDir = places(env).stateDir;
  const captured = captureBackend(config, request.backend, request.account, stateDir);
  const extractor = recognise(request.thing);
  // A running session is named (or picked) before extraction: it has its directory, so none is worked out.
  const running = request.to !== undefined ? await runningSession(tmux, request.to) : null;
  const toRunning = running !== null || request.pick === true;
  let candidates: { candidates: ProjectCandidate[]; problems: string[] } | undefined;
  const sources = () => (candidates ??= projectCandidates(captured.account, config, env));
  const extractEnv: ExtractEnv = {
    config, backend: captured.backend, account: captured.account, resolveDirectory: !toRunning && request.dir === undefined, stateDir, env,
    repositoryDirectory: (slug) => { try { return repositoryDirectory(sources().candidates, slug); } catch { return null; } },
    gh: ghRunner(env),
  };
  const extracted = await extractor.extract(request.thing, extractEnv);
  if (extracted.resume === true) {
    const sessions = await listSessions(tmux, { includeExited: true }).catch(() => []);
    const row = resumeRow(config, extracted, sessions, env);
    const done = await openConversation(tmux, config, row, (pane) => hooks.show(pane));
    return { kind: extracted.kind, pane: done.pane, delivered: done.resumed ? "resumed" : "switched", dir: row.dir, submitted: false };
  }
  const context = extracted;
  for (const note of context.notes ?? []) hooks.note(note);
  try {
    if (toRunning) {
      const session = running ?? (await hooks.pickSession((await listSessions(tmux)).filter((s) => !s.dead)));
      return await deliverToRunning(tmux, session, context, hooks);
    }
    const dir = request.dir ?? context.directory
      ?? (await hooks.chooseProject({ account: captured.account, backend: captured.backend, text: context.text ?? "", suggested: context.suggestedDirectory ?? null }));
    return await deliverToNew(tmux, config, { ...captured, accountGiven: request.account !== undefined }, dir, context, hooks);
  } catch (error) {
    context.undo?.();
    throw error;
  }
}

async function runningSession(tmux: Tmux, target: string): Promise<NamedSession> {
  const session = await findSession(tmux, target, { includeExited: true });
  if (session.dead) throw new AgentmuxError(`session ${session.name} (${session.pane}) has exited`, { hint: "route to a running session, or start one (leave out --to)" });
  return session;
}

async function deliverToRunning(tmux: Tmux, session: NamedSession, context: RouteContext, hooks: RouteHooks): Promise<RouteResult> {
  const at = Date.now();
  await sendText(tmux, session.pane, context.payload, { enter: context.submit, promptLine: promptLineOf(session.backend), label: `${session.name} (${session.pane})` });
  if (context.submit) await hooks.submitted(session.pane, at);
  runAfter(context, hooks);
  await hooks.show(session.pane).catch(() => undefined);
  return { kind: context.kind, pane: session.pane, delivered: "running", dir: session.dir, submitted: context.submit };
}

/**
 * A new session in dir: a request is its initial prompt on the command line; a reference is typed
 * into its input line once it is ready, for the person to add the request. It runs under the
 * captured account unless a directory rule covers dir (as `new` would decide).
 */
async function deliverToNew(tmux: Tmux, config: Config, captured: { backend: string; account: string | null; accountGiven: boolean }, dir: string, context: RouteContext, hooks: RouteHooks): Promise<RouteResult> {
  const ruled = isAccountBackend(captured.backend) && directoryRuleFor(config.directoryRules, captured.backend, (b, name) => declaresName(config, b, name), dir) !== undefined;
  const account = captured.account !== null && (captured.accountGiven || !ruled) ? captured.account : undefined;
  const request = { backend: captured.backend, dir, account, prompt: context.payload, submit: context.submit, split: false };
  const prepared = prepareLaunch(request, config);
  if (prepared.accountNotice) hooks.note(prepared.accountNotice);
  const launched = await startSession(tmux, request, prepared, (text) => hooks.note(text));
  // After the session exists and before it is shown (a failure here leaves nothing unshown).
  runAfter(context, hooks);
  await hooks.show(launched.pane).catch(() => undefined);
  return { kind: context.kind, pane: launched.pane, delivered: "new", dir: prepared.dir, submitted: context.submit };
}

function runAfter(context: RouteContext, hooks: RouteHooks): void {
  if (!context.after) return;
  try {
    const note = context.after();
    if (note) hooks.note(note);
  } catch (error) {
    hooks.note(`after delivery: ${error instanceof Error ? error.message : String(error)}`);
  }
}
