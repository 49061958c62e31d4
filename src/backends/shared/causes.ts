import { stringField } from "./hook-meaning.ts";

type Payload = Record<string, unknown>;

/** Why a session needs the user, for the notification text. */
export interface Cause { why: "permission" | "question" | "plan" | "trust" | "finished" | "failed" | "interrupted" | "declared"; detail?: string | undefined }

function oneLine(text: string | undefined, max = 120): string | undefined {
  if (!text) return undefined;
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  // Cut by character, not UTF-16 unit: half an emoji would show as a replacement character.
  return `${[...flat].slice(0, max - 1).join("")}…`;
}

/**
 * What a failed turn says: the CLI's own words (error_details, else the last message it showed,
 * e.g. "API Error: 400 …"), with the error's category when it has a useful one.
 */
function failure(payload: Record<string, unknown>): string | undefined {
  const category = stringField(payload, "error");
  const words = oneLine(stringField(payload, "error_details") ?? stringField(payload, "last_assistant_message"));
  const known = category && category !== "unknown" ? category.replaceAll("_", " ") : undefined;
  if (words && known) return words.toLowerCase().includes(known) ? words : `${known}: ${words}`;
  return words ?? known;
}

/** The first question of an AskUserQuestion call's input. */
function firstQuestion(input: unknown): string | undefined {
  if (!input || typeof input !== "object") return undefined;
  const questions = (input as Record<string, unknown>)["questions"];
  const first: unknown = Array.isArray(questions) ? questions[0] : undefined;
  return first && typeof first === "object" ? stringField(first as Record<string, unknown>, "question") : undefined;
}

/** A turn that failed, in the CLI's words. */
export const failedCause = (payload: Payload): Cause => ({ why: "failed", detail: failure(payload) });

/** A question for the user. */
export const questionCause = (payload: Payload): Cause => ({ why: "question", detail: oneLine(stringField(payload, "message") ?? stringField(payload, "question")) });

/** A permission request: the command or tool it is for. */
export function permissionCause(payload: Payload): Cause {
  const input = payload["tool_input"];
  // Claude asks its questions and plan approvals through permission requests of these tools.
  const tool = stringField(payload, "tool_name");
  if (tool === "AskUserQuestion") return { why: "question", detail: oneLine(firstQuestion(input)) };
  if (tool === "ExitPlanMode") return { why: "plan" };
  const command = input && typeof input === "object" ? stringField(input as Record<string, unknown>, "command") : undefined;
  return { why: "permission", detail: oneLine(command ?? stringField(payload, "message") ?? stringField(payload, "tool_name")) };
}

/** A finished turn: the last thing the agent said. */
export const finishedCause = (payload: Payload): Cause => ({ why: "finished", detail: oneLine(stringField(payload, "last_assistant_message") ?? stringField(payload, "last-assistant-message") ?? stringField(payload, "prompt_response")) });

/** The notification line: the session's name, why, and what it asks or said. */
export function causeText(name: string, state: string, cause: Cause | undefined): string {
  const why = cause?.why ?? (state === "blocked" ? "needs you" : "finished");
  const words: Record<string, string> = { permission: "asks permission", question: "asks a question", plan: "asks to approve a plan", trust: "asks whether to trust a folder", finished: "finished", failed: "failed", interrupted: "was interrupted", declared: state === "blocked" ? "needs you" : "is done", "needs you": "needs you" };
  return `${name} ${words[why] ?? why}${cause?.detail ? `: ${cause.detail}` : ""}`;
}
