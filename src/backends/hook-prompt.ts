import { BACKENDS, BACKEND_NAMES } from "./index.ts";
import { promptField } from "./shared/hook-table.ts";

/**
 * The text of a prompt a hook event reports as submitted (an event some backend's table marks
 * `prompt`: Claude's and Codex's UserPromptSubmit, Gemini's BeforeAgent, Auggie's PromptSubmit),
 * or undefined when the event is not one.
 */
export function submittedPrompt(event: string, payload: Record<string, unknown>): string | undefined {
  for (const name of BACKEND_NAMES) {
    const table = BACKENDS[name].hooks;
    const field = table ? promptField(table, event) : undefined;
    const prompt = field === undefined ? undefined : payload[field];
    if (typeof prompt === "string") return prompt;
  }
  return undefined;
}
