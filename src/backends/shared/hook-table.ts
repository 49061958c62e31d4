import type { Cause } from "./causes.ts";
import type { HookAsk } from "./hook-ask.ts";
import { NOTHING, type HookMeaning } from "./hook-meaning.ts";

type Payload = Record<string, unknown>;
/** What a CLI's every hook payload says of identity (its session id, the turn's prompt id). */
export type HookBase = Pick<HookMeaning, "sessionId" | "promptId">;

/** One hook event of a CLI: whether agentmux installs a hook for it, and what it means. */
export interface HookEvent {
  /** agentmux installs it in the CLI's hook configuration (false: known, and reaching agentmux some other way or not worth a hook). */
  install: boolean;
  /** The payload's `prompt` (or the field named here: Auggie's `user_prompt`) is the text of the prompt just submitted. */
  prompt?: true | string;
  meaning(payload: Payload, base: HookBase): HookMeaning;
  /** Why the session needs the user after it, for the notification; undefined: it gives no cause. */
  cause?(payload: Payload): Cause | undefined;
}

/**
 * A CLI's hook events, one table: the configuration to install comes from it (installedEvents,
 * in its order) and so does each event's meaning (meaningOf).
 */
export interface HookTable {
  base(payload: Payload): HookBase;
  events: Readonly<Record<string, HookEvent>>;
  /** An event not in the table still names its session when the payload does (else it means nothing). */
  unknownNamesSession: boolean;
  /** What an event tells of what the session asks or said, where its payloads are not Claude's format (else src/backends/shared/hook-ask.ts). */
  ask?(event: string, payload: Payload): HookAsk | null;
  /** I/O: a turn's answer read from the CLI's own record, where its hook's words are not to be trusted; null when not known that way. */
  recordedAnswer?(event: string, payload: Payload): string | null;
}

/** Names its session and means nothing else. */
export const namesSession = (_payload: Payload, base: HookBase): HookMeaning => (base.sessionId ? { ...base, events: [] } : NOTHING);

/** The events a table installs, in its order. */
export function installedEvents(table: HookTable): string[] {
  return Object.entries(table.events).filter(([, e]) => e.install).map(([name]) => name);
}

export function meaningOf(table: HookTable, event: string, payload: Payload): HookMeaning {
  const base = table.base(payload);
  const entry = Object.hasOwn(table.events, event) ? table.events[event] : undefined;
  if (entry) return entry.meaning(payload, base);
  return table.unknownNamesSession ? namesSession(payload, base) : NOTHING;
}

/** The payload field in which an event of the table reports a submitted prompt, or undefined when it reports none. */
export function promptField(table: HookTable, event: string): string | undefined {
  const prompt = Object.hasOwn(table.events, event) ? table.events[event]?.prompt : undefined;
  return prompt === true ? "prompt" : prompt;
}

/** Whether an event of the table reports a submitted prompt in its payload. */
export function reportsPrompt(table: HookTable, event: string): boolean {
  return promptField(table, event) !== undefined;
}
