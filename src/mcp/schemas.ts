import { z } from "zod";
import { STATES } from "../core/states.ts";
import { isAllowedKey, NAMED_KEYS } from "./key-names.ts";

/**
 * The tools' inputs, checked by the SDK before a tool runs: a bad one comes back as a tool error
 * naming the input and the fix (the SDK adds "at <input>").
 */
const text = (name: string, what: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${name} is missing: give ${what}` : `${name} must be a string: ${what}`) })
    .refine((v) => v.trim() !== "", { error: `${name} is empty: give ${what}` });

const whole = (name: string, example: string, max: number) =>
  z.number({ error: `${name} must be a number, e.g. ${example}` }).int({ error: `${name} must be a whole number, e.g. ${example}` })
    .min(1, { error: `${name} must be at least 1, e.g. ${example}` }).max(max, { error: `${name} may be at most ${max}` });

const seconds = (name: string, example: string, max: number) =>
  z.number({ error: `${name} must be a number of seconds, e.g. ${example}` }).positive({ error: `${name} must be more than 0 seconds, e.g. ${example}` })
    .max(max, { error: `${name} may be at most ${max} seconds` });

const GROUP = /^[\w.-]{1,64}$/;
const group = (name: string) => text(name, "a group name (letters, digits, '.', '_' and '-')")
  .refine((v) => GROUP.test(v), { error: `${name} is not a usable group name: use letters, digits, '.', '_' and '-' (at most 64)` });

const TARGET = "a session's pane id (e.g. %12), display name or instance name, as list_sessions shows them";
const target = (name = "target") => text(name, TARGET).describe(TARGET);
const states = STATES.filter((s) => s !== "unknown");

export const listSessionsInput = {
  group: group("group").optional().describe("only the sessions of this group"),
};

export const readSessionInput = {
  target: target(),
  source: z.enum(["screen", "transcript"], { error: "source must be \"screen\" (what the pane shows) or \"transcript\" (the conversation from the agent's records)" })
    .default("screen").describe("screen: the pane's text now; transcript: the conversation from the agent CLI's own records"),
  lines: whole("lines", "40", 5000).optional().describe("screen: the last N lines, scrollback included"),
  turns: whole("turns", "2", 1000).optional().describe("transcript: the last N turns"),
};

export const sendMessageInput = {
  target: target(),
  text: text("text", "the message to send").describe("the message; a header naming your session goes before it"),
  timeout: seconds("timeout", "120", 3600).optional().describe("seconds to wait for the recipient's transcript to record it (default: the config's send.confirmTimeout)"),
};

export const sendKeysInput = {
  target: target(),
  keys: z.array(z.string({ error: "each key must be a string, e.g. \"Enter\"" })
    .refine(isAllowedKey, { error: (issue) => `${JSON.stringify(issue.input)} is not a key agentmux sends: use one of ${NAMED_KEYS.join(", ")}, or a single character such as y, n or 1` }),
  { error: "keys must be a list of key names, e.g. [\"Escape\"] or [\"2\", \"Enter\"]" })
    .min(1, { error: "keys is empty: give at least one key, e.g. [\"Enter\"]" }).max(32, { error: "keys may hold at most 32 keys: send text with send_message" })
    .describe(`keys pressed in order: ${NAMED_KEYS.join(", ")}, or single characters`),
};

export const waitForStateInput = {
  target: target().optional().describe(`${TARGET}; or give group instead`),
  group: group("group").optional().describe("wait for the first member of this group instead of one session"),
  state: z.enum(states, { error: `state must be one of ${states.join(", ")}` }).describe("the state to wait for: waiting and idle mean its turn ended"),
  timeout: seconds("timeout", "300", 3600).default(120).describe("give up after this many seconds (default 120)"),
};

export const newSessionInput = {
  backend: text("backend", "an agent CLI's name, e.g. claude or codex").optional().describe("the agent CLI (default from the config)"),
  dir: text("dir", "a project directory").optional().describe("the project directory (default: the directory this server runs in)"),
  instance: text("instance", "a name that tells sessions in one directory apart").optional().describe("an instance name, to tell sessions in one directory apart"),
  prompt: text("prompt", "the first prompt").optional().describe("a first prompt, handed to the CLI at launch"),
  group: group("group").optional().describe("put the session in a group (for group_send, wait_for_state's group)"),
};

export const groupSendInput = {
  group: group("group").describe("the group whose running sessions get the text"),
  text: text("text", "the text to type").describe("typed and submitted in each running member (your own session is skipped)"),
};

export const explainStateInput = {
  target: target(),
};
