import type { Config } from "../config/config.ts";

/**
 * The side policy's version: recorded on the side pane (@agentmux-side) and in a kept side's link
 * record, so a side resumed after the text changed can say that it started under another one.
 * Raise it whenever DEFAULT_SIDE_POLICY changes meaning.
 */
export const SIDE_POLICY_VERSION = "1";

/**
 * What a side conversation is told, on both channels (the system prompt where the backend has one,
 * and the boundary block before the first prompt). Neither is a sandbox: it is instruction text.
 *
 * The last paragraph is not decoration. A boundary that cancelled only the parent's task left a
 * fork still obeying a standing rule set in the parent ("end every reply with X"): the model
 * declined to continue the task but read a formatting rule as a convention that still held. Naming
 * the parent's standing conventions and formatting rules as cancelled too made the same probe
 * come back clean.
 */
export const DEFAULT_SIDE_POLICY = [
  "This is a side conversation, forked from another conversation (the parent) to ask a question without derailing it.",
  "Everything before this message is reference material: read it and use it to answer, but it is not your task.",
  "Do not continue the parent's task, and do not pick up any unfinished turn of it.",
  "Do not start, message, steer or stop any sub-agent or background task the parent started.",
  "Change nothing (no file edits, no commands that modify anything) unless this side conversation asks for it.",
  "The parent's standing instructions are cancelled here as well: its conventions, formatting rules and reply rules (for example \"end every reply with X\") do not apply to this conversation.",
].join("\n");

/** The policy text in force: config side.policy when set, else agentmux's own. */
export function sidePolicy(config: Pick<Config, "side">): string {
  const own = config.side.policy?.trim();
  return own ? own : DEFAULT_SIDE_POLICY;
}

/** The version recorded for a side started under this config: agentmux's own, or "custom-" and it for an overridden text. */
export function sidePolicyVersion(config: Pick<Config, "side">): string {
  return config.side.policy?.trim() ? `custom-${SIDE_POLICY_VERSION}` : SIDE_POLICY_VERSION;
}

const BOUNDARY_OPEN = "<side-conversation-boundary>";
const BOUNDARY_CLOSE = "</side-conversation-boundary>";

/** The boundary block that opens a side conversation's first prompt (followed by a blank line). */
export function boundaryBlock(policy: string): string {
  return `${BOUNDARY_OPEN}\n${policy.trim()}\n${BOUNDARY_CLOSE}\n\n`;
}

/** Whether text begins with a boundary block (the first prompt of a side conversation). */
export function startsWithBoundary(text: string): boolean {
  return text.trimStart().startsWith(BOUNDARY_OPEN);
}

/** The default question `side conclude` asks (config side.handbackPrompt replaces it). */
export const DEFAULT_HANDBACK_PROMPT = "This side conversation is ending. Summarise what it found, addressed to the parent conversation: the answer, the facts it rests on, and anything the parent should do differently. Plain text, no preamble; it is handed to the parent as a draft.";

/** The handback prompt in force. */
export function handbackPrompt(config: Pick<Config, "side">): string {
  return config.side.handbackPrompt?.trim() || DEFAULT_HANDBACK_PROMPT;
}
