import { getBackend, isBackendName } from "../backends/index.ts";
import type { Backend, HistoryPlace, HistorySupport } from "../backends/shared/types.ts";
import type { Config } from "../config/config.ts";
import { timeName } from "../util/time-name.ts";
import { prepareLaunch, type NewSessionRequest, type Prepared } from "../session/launch.ts";
import type { NamedSession } from "../session/store.ts";
import { AgentmuxError, isAgentmuxError } from "../util/errors.ts";
import { homeEnv } from "../accounts/home-env.ts";
import { boundaryBlock, sidePolicy, sidePolicyVersion } from "./side-policy.ts";
import { quoteBlock } from "./side-quote.ts";
import { hasSettledExchange } from "../lifecycle/exchange.ts";
import { FORKING, forkRefusal, orWords, WITH_HISTORY } from "../backends/capable.ts";

/** Who can have a side conversation: a backend that forks and whose conversations agentmux reads. */
const SIDE_HINT = `side conversations work with ${orWords(WITH_HISTORY.filter((n) => FORKING.includes(n)))} sessions`;

type Env = Record<string, string | undefined>;

export interface SideOptions {
  /** The passage to quote (--quote, or the selection read by the caller). */
  quote?: string | undefined;
  /** A first question, submitted at once (with the boundary before it). */
  message?: string | undefined;
  /** The parent's window width in columns (the split's room). */
  windowWidth: number;
  /** When the side was asked for (its instance name is side-HHMMSS of it). */
  now?: Date;
}

export interface SidePlan {
  parent: NamedSession;
  backend: Backend;
  request: NewSessionRequest;
  prepared: Prepared;
  /** Where the side opens: beside the parent, or in a window of its own (too narrow). */
  placement: "split" | "window";
  /**
   * What is typed into the side's input line, unsent, once it is ready, one paste each: the
   * boundary, then the quote (none with a message: it went on the command line). Apart, because
   * Claude Code folds a long paste into "[Pasted text #1 +N lines]": the boundary may fold, the
   * quote the user writes under must stay readable.
   */
  typed: string[];
  /** The side's label (@agentmux-name) when it opened with a message: the message's first line. */
  title: string | undefined;
  policyVersion: string;
}

/** Where a session's conversations are looked for: its directory, under its account's home. */
export function historyPlace(config: Config, session: Pick<NamedSession, "backend" | "account" | "dir">, since: number | null, env: Env = process.env): HistoryPlace {
  return { dir: session.dir, since, env: homeEnv(config, session.backend, session.account, env) };
}

/** The backend's conversation store, or a refusal naming why there is none. */
export function historyOf(session: Pick<NamedSession, "backend" | "name" | "pane">, verb: string): { backend: Backend; history: HistorySupport } {
  if (!isBackendName(session.backend)) throw new AgentmuxError(`cannot ${verb} ${session.name} (${session.pane}): "${session.backend}" is not a backend agentmux knows`, { hint: SIDE_HINT });
  const backend = getBackend(session.backend);
  if (!backend.history) {
    throw new AgentmuxError(`cannot ${verb} ${session.name} (${session.pane}): agentmux cannot read ${backend.label}'s stored conversations`, { hint: SIDE_HINT });
  }
  return { backend, history: backend.history };
}

/** The instance name of a side started at `now`: side-HHMMSS (local time). */
export function sideInstance(now: Date): string {
  return timeName("side", now);
}

/** The first line of a message, as a title (at most 60 characters). */
export function titleOf(message: string): string {
  const line = message.split("\n").map((l) => l.trim()).find((l) => l !== "") ?? "";
  const chars = [...line];
  return chars.length <= 60 ? line : `${chars.slice(0, 59).join("")}…`;
}

/** Whether the side fits beside the parent: side.width percent of the window is at least side.minColumns. */
export function sidePlacement(config: Pick<Config, "side">, windowWidth: number): "split" | "window" {
  return Math.floor((windowWidth * config.side.width) / 100) >= config.side.minColumns ? "split" : "window";
}

/** A side conversation refused, naming the session, why and the fix. */
function refusal(parent: Pick<NamedSession, "name" | "pane">, why: string, hint: string): AgentmuxError {
  return new AgentmuxError(`cannot open a side conversation on ${parent.name} (${parent.pane}): ${why}`, { hint });
}

/**
 * I/O (reads the parent's stored conversation): the refusals, before anything is read or created.
 * A side needs a forkable backend with a store agentmux reads, a native id, and a completed
 * exchange (a conversation cannot be forked before its first answer). Throws naming what is missing.
 */
export function refuseSide(parent: NamedSession, config: Config, env: Env = process.env): Backend {
  const refuse = (why: string, hint: string) => refusal(parent, why, hint);
  if (parent.side) throw refuse("it is a side conversation itself", "ask in its parent, or conclude this one first (agentmux side conclude)");
  if (parent.dead) throw refuse("it has exited", "restart it first (agentmux restart)");
  if (!isBackendName(parent.backend)) throw refuse(`"${parent.backend}" is not a backend agentmux knows`, SIDE_HINT);
  const backend = getBackend(parent.backend);
  const cannot = forkRefusal(backend, config.backends[backend.name]?.program ?? backend.defaultProgram);
  if (cannot) throw refuse(cannot.message, cannot.hint ?? SIDE_HINT);
  const { history } = historyOf(parent, "open a side conversation on");
  if (!parent.id) throw refuse("its native session id is not known yet", "wait until the agent has started and reported its session (its first hook), then try again");
  if (!hasSettledExchange(history, parent.id, historyPlace(config, parent, null, env), parent.state)) {
    throw refuse("it holds no completed exchange yet (a conversation cannot be forked before its first answer)", `send it a message first: agentmux send ${parent.pane} "..."`);
  }
  return backend;
}

/** Check everything a side conversation needs (refuseSide) and prepare its launch; nothing is created. */
export function planSide(parent: NamedSession, config: Config, options: SideOptions, env: Env = process.env): SidePlan {
  const refuse = (why: string, hint: string) => refusal(parent, why, hint);
  const backend = refuseSide(parent, config, env);
  const policy = sidePolicy(config);
  const policyVersion = sidePolicyVersion(config);
  const quote = options.quote ? quoteBlock(options.quote) : "";
  const message = options.message?.trim() ? options.message.trim() : undefined;
  const placement = sidePlacement(config, options.windowWidth);
  const request: NewSessionRequest = {
    backend: backend.name, dir: parent.dir, account: parent.account || undefined, instance: sideInstance(options.now ?? new Date()),
    group: parent.group || undefined, mode: { kind: "fork", id: parent.id }, split: false,
    // With a message the first prompt (boundary, quote, question) goes on the command line, submitted.
    prompt: message ? `${boundaryBlock(policy)}${quote}${message}` : undefined, submit: true,
    extraArgs: backend.systemPromptArgs ? backend.systemPromptArgs(policy) : [],
    splitFrom: placement === "split" ? parent.pane : undefined, splitPercent: config.side.width,
    side: { parent: parent.pane, policyVersion },
  };
  let prepared: Prepared;
  try {
    prepared = prepareLaunch(request, config, parent.dir, env["PATH"] ?? "");
  } catch (error) {
    if (isAgentmuxError(error)) throw refuse(error.message, error.hint ?? "fix it and try again");
    throw error;
  }
  // Without a message the boundary waits in the input line, before the quote: what the user submits begins with it.
  const typed = message ? [] : [boundaryBlock(policy), quote].filter((t) => t !== "");
  return { parent, backend, request, prepared, placement, typed, title: message ? titleOf(message) : undefined, policyVersion };
}
