import { BACKENDS, BACKEND_NAMES } from "./index.ts";
import { reportsPrompt } from "./shared/hook-table.ts";

/**
 * The text of a prompt a hook event reports as submitted (an event some backend's table marks
 * `prompt`: Claude's and Codex's UserPromptSubmit, Gemini's BeforeAgent), or undefined when the
 * event is not one.
 */
export function submittedPrompt(event: string, payload: Record<string, unknown>): string | undefined {
  const prompt = payload["prompt"];
  if (typeof prompt !== "string") return undefined;
  return BACKEND_NAMES.some((name) => { const table = BACKENDS[name].hooks; return table !== undefined && reportsPrompt(table, event); }) ? prompt : undefined;
}
