import { stringField, type HookMeaning } from "../shared/hook-meaning.ts";
import type { Cause } from "../shared/causes.ts";
import { installedEvents, meaningOf, namesSession, type HookTable } from "../shared/hook-table.ts";

type Payload = Record<string, unknown>;

const activity = { meaning: (_payload: Payload, base: HookMeaning): HookMeaning => ({ ...base, events: [{ kind: "activity" }] }) };

/** The answer a Stop payload carries (`_exchange.exchange.response_text`), on one line. */
function stopCause(payload: Payload): Cause {
  const outer = payload["_exchange"];
  const exchange = outer && typeof outer === "object" ? (outer as Payload)["exchange"] : undefined;
  const text = exchange && typeof exchange === "object" ? stringField(exchange as Payload, "response_text") : undefined;
  const flat = text?.replace(/\s+/g, " ").trim();
  return { why: "finished", detail: flat ? (flat.length > 120 ? `${[...flat].slice(0, 119).join("")}…` : flat) : undefined };
}

/**
 * Auggie's hooks (Claude-format groups, run without a shell; see docs/backends/auggie.md), in the
 * order agentmux installs them. Every payload names the conversation as `conversation_id`.
 * Auggie 0.36 has no event at its tool-approval prompt (its Notification event is declared but
 * never sent): a blocked session is read from the screen. PromptSubmit reports the prompt as
 * `user_prompt`.
 */
export const AUGGIE_HOOKS: HookTable = {
  base: (payload) => ({ sessionId: stringField(payload, "conversation_id") }),
  unknownNamesSession: true,
  events: {
    SessionStart: { install: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "started" }] }) },
    PromptSubmit: { install: true, prompt: "user_prompt", meaning: (_payload, base) => ({ ...base, events: [{ kind: "submit" }] }) },
    PreToolUse: { install: true, ...activity },
    PostToolUse: { install: true, ...activity },
    Stop: { install: true, cause: stopCause, meaning: (_payload, base) => ({ ...base, events: [{ kind: "stop" }] }) },
    SessionEnd: { install: true, meaning: namesSession },
    Notification: { install: false, meaning: namesSession },
  },
};

/** The Auggie hook events agentmux installs. */
export const AUGGIE_HOOK_EVENTS: readonly string[] = installedEvents(AUGGIE_HOOKS);

export function auggieHookMeaning(event: string, payload: Payload): HookMeaning {
  return meaningOf(AUGGIE_HOOKS, event, payload);
}
