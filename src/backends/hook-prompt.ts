// The hook events that report a prompt as it is submitted, with its text in `prompt`:
// Claude's and Codex's UserPromptSubmit, Gemini's BeforeAgent.
const PROMPT_EVENTS = new Set(["UserPromptSubmit", "BeforeAgent"]);

/** The text of a prompt a hook event reports as submitted, or undefined when the event is not one. */
export function submittedPrompt(event: string, payload: Record<string, unknown>): string | undefined {
  const prompt = payload["prompt"];
  return PROMPT_EVENTS.has(event) && typeof prompt === "string" ? prompt : undefined;
}
