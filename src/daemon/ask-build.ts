import type { Ask, AskKind } from "../core/ask.ts";
import type { Cause } from "../backends/hook-cause.ts";
import { clip, type HookAsk } from "../backends/shared/hook-ask.ts";
import type { Dialog } from "../detect/dialog.ts";

type ToolAsk = Extract<HookAsk, { kind: "permission" | "question" | "plan" }>;
type AnswerAsk = Extract<HookAsk, { kind: "answer" }>;

/** What the hooks of a session's current turn told (src/daemon/ask-book.ts keeps it per session). */
export interface AskMaterial {
  /** The tool waiting for the user (PreToolUse / PermissionRequest of this turn). */
  tool: ToolAsk | null;
  /** A notification's words, when no tool payload says more. */
  weak: ToolAsk | null;
  /** The last finished turn's answer (Stop's last_assistant_message). */
  answer: AnswerAsk | null;
  /** The answer was read from the CLI's transcript (no hook carried it). */
  answerFromTranscript?: true;
}

export const NO_MATERIAL: AskMaterial = { tool: null, weak: null, answer: null };

/** Pure: the material after one hook event's reading; a new prompt (submit) forgets the last turn's. */
export function withHookAsk(material: AskMaterial, ask: HookAsk | null, submit: boolean): AskMaterial {
  const base = submit ? NO_MATERIAL : material;
  if (!ask) return base;
  switch (ask.kind) {
    case "done": return { ...base, tool: null, weak: null };
    case "answer": return { tool: null, weak: null, answer: ask };
    default: return ask.weak ? { ...base, weak: ask } : { ...base, tool: ask };
  }
}

/** What an interrupted session (blocked until told how to go on) wants. */
export const INTERRUPTED = "Interrupted: waits to be told what to do instead";

/** The Ask kind a screen's dialog stands for, by the cause the decision gave. */
function dialogKind(cause: Cause | undefined): AskKind {
  switch (cause?.why) {
    case "permission": return "permission";
    case "question": return "question";
    case "plan": return "plan";
    case "trust": return "trust";
    default: return "dialog";
  }
}

/** The line of a dialog's question that asks (the last one ending in "?"), else its last line. */
function askingLine(question: readonly string[]): string {
  return [...question].reverse().find((l) => l.endsWith("?")) ?? question[question.length - 1] ?? "";
}

/** A folder a trust dialog names: a line that is a path (absolute or ~), as the CLIs print it. */
const FOLDER = /^\s*((?:\/|~\/?)\S.*?)\s*$/;

/** What a dialog asks, in one line: a trust question quotes its folder; any other, its asking line. */
function dialogSummary(kind: AskKind, question: readonly string[], fallback: string): string {
  if (kind === "trust") {
    const folder = question.map((l) => FOLDER.exec(l)?.[1]).find((f) => f !== undefined);
    if (folder) return `Trust the folder ${folder}?`;
  }
  return askingLine(question) || fallback;
}

/**
 * Pure: what a blocked or waiting session wants or said. Blocked: the hook's text of the waiting
 * tool with the options and digest of the dialog on screen (the hook's options while none is read
 * yet); without a hook payload, the dialog itself. Waiting: the last answer. null: nothing known
 * (or the session needs nothing).
 */
export function buildAsk(state: string, material: AskMaterial, dialog: Dialog | null, cause: Cause | undefined, now: number): Ask | null {
  if (state === "waiting") {
    const answer = material.answer;
    if (!answer || answer.text.length === 0) return null;
    return { kind: "answer", summary: clip(answer.summary, 120), text: answer.text, options: [], dialog: "", source: material.answerFromTranscript ? "transcript" : "hook", at: now };
  }
  if (state !== "blocked") return null;
  const digest = dialog?.digest ?? "";
  // Screen lines are as wide as the pane: each kept to one clipped line, as the hook's are.
  const options = dialog ? dialog.options.map((o) => clip(o)) : [];
  const tool = material.tool ?? (dialog ? null : material.weak);
  if (tool) {
    // A call of several questions shows one at a time: the one on screen is the summary.
    const shown = tool.kind === "question" && dialog ? tool.text.find((q) => dialog.question.includes(q)) : undefined;
    const keys = options.length > 0 && dialog?.keys ? { keys: dialog.keys } : {};
    return { kind: tool.kind, summary: clip(shown ?? tool.summary, 120), text: tool.text, options: options.length > 0 ? options : tool.options, ...keys, dialog: digest, source: "hook", at: now };
  }
  if (dialog) {
    const kind = dialogKind(cause);
    return { kind, summary: clip(dialogSummary(kind, dialog.question, cause?.detail ?? "a dialog"), 120), text: dialog.question.map((l) => clip(l)), options, ...(dialog.keys ? { keys: dialog.keys } : {}), dialog: digest, source: "screen", at: now };
  }
  if (cause?.why === "interrupted") return { kind: "dialog", summary: INTERRUPTED, text: [INTERRUPTED], options: [], dialog: "", source: "screen", at: now };
  if (cause?.detail) return { kind: dialogKind(cause), summary: clip(cause.detail, 120), text: [clip(cause.detail)], options: [], dialog: "", source: "hook", at: now };
  return null;
}

/** Whether two Asks say the same (their reading time aside). */
export function sameAsk(a: Ask | null, b: Ask | null): boolean {
  if (a === null || b === null) return a === b;
  return JSON.stringify({ ...a, at: 0 }) === JSON.stringify({ ...b, at: 0 });
}
