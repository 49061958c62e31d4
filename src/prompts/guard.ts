import { AgentmuxError } from "../util/errors.ts";
import { captureKey, pendingCount } from "./store.ts";
import type { CaptureKey } from "./format.ts";

/** What closing or replacing a session with captured prompts does: go ahead, ask, or refuse. */
export type GuardDecision = "proceed" | "ask" | "refuse";

/** Pure: nothing pending or --yes goes ahead; at a terminal ask; without one refuse. */
export function guardDecision(pending: number, options: { yes: boolean; terminal: boolean }): GuardDecision {
  if (pending === 0 || options.yes) return "proceed";
  return options.terminal ? "ask" : "refuse";
}

/** The verbs that close or replace a session, and how their question ends. */
const ANYWAY = { exit: "Close it anyway?", restart: "Restart it anyway?", handoff: "Hand it off anyway?" } as const;
export type GuardedVerb = keyof typeof ANYWAY;

const prompts = (n: number) => `${n} captured prompt${n === 1 ? "" : "s"}`;

export interface GuardOptions {
  /** --yes: go ahead without reading the file. */
  yes: boolean;
  /** Whether a person can answer (stdin is a terminal). */
  terminal: boolean;
  /** Ask a yes/no question (the CLI's confirm). */
  ask: (question: string) => Promise<boolean>;
  stateDir?: string;
}

/**
 * The one check exit, restart and handoff make before closing or replacing a session: with
 * captured prompts still pending, ask at a terminal (no: an error, nothing done), refuse without
 * one (naming the count and --yes).
 */
export async function guardPendingPrompts(session: CaptureKey & { name: string }, verb: GuardedVerb, options: GuardOptions): Promise<void> {
  if (options.yes) return;
  const pending = pendingCount(captureKey(session), options.stateDir);
  const decision = guardDecision(pending, options);
  if (decision === "proceed") return;
  const what = `${session.name} has ${prompts(pending)} not inserted yet`;
  if (decision === "ask") {
    if (await options.ask(`${what}. ${ANYWAY[verb]}`)) return;
    throw new AgentmuxError(`${verb}: not done, ${what}`, { hint: `insert them with agentmux prompt insert, or see them with agentmux prompt list` });
  }
  throw new AgentmuxError(`${verb} refused: ${what}`, { hint: `insert them first (agentmux prompt insert), or pass --yes to ${verb} anyway; agentmux prompt list shows them` });
}
