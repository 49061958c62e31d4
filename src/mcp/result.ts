import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isAgentmuxError } from "../util/errors.ts";

/** A tool's answer: text as it is, anything else as indented JSON. */
export function answer(value: unknown): CallToolResult {
  return { content: [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value, null, 2) }] };
}

/** A refusal or failure as the agent reads it: agentmux's message, then its hint (the fix). */
export function failure(error: unknown): CallToolResult {
  const text = isAgentmuxError(error) ? error.oneLine() : error instanceof Error ? error.message : String(error);
  return { content: [{ type: "text", text }], isError: true };
}

/** Run a tool's work: its value as the answer, any error as a failure the agent can act on. */
export async function run(work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return answer(await work());
  } catch (error) {
    return failure(error);
  }
}
