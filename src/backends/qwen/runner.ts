import type { RunOptions, RunResult, RunnerSupport } from "../shared/types.ts";

type Message = Record<string, unknown>;

const isObject = (value: unknown): value is Message => typeof value === "object" && value !== null && !Array.isArray(value);

/** Claude's permission modes (what batch config uses) as Qwen Code's approval modes. */
const APPROVAL: Readonly<Record<string, string>> = { default: "default", plan: "plan", acceptEdits: "auto-edit", bypassPermissions: "yolo" };

/**
 * Pure: the arguments of one headless run, `qwen -o json`: with no prompt argument and stdin not
 * a terminal, Qwen reads the prompt from stdin (no argument length limit, no "-" taken as a flag).
 */
export function qwenRunArgs(_prompt: string, options: RunOptions): { args: string[]; stdin: boolean } {
  const args = ["-o", "json"];
  const approval = options.permissionMode ? APPROVAL[options.permissionMode] : undefined;
  if (approval) args.push("--approval-mode", approval);
  if (options.maxTurns !== undefined) args.push("--max-session-turns", String(options.maxTurns));
  for (const tool of options.allowedTools ?? []) args.push("--allowed-tools", tool);
  if (options.model) args.push("-m", options.model);
  if (options.appendSystemPrompt) args.push("--append-system-prompt", options.appendSystemPrompt);
  return { args, stdin: true };
}

/** The messages of the run: one JSON array (what 0.15 prints), or one JSON object a line. */
function messagesOf(stdout: string): Message[] {
  const whole = stdout.trim();
  const start = whole.indexOf("[");
  if (start >= 0) {
    try {
      const parsed = JSON.parse(whole.slice(start)) as unknown;
      if (Array.isArray(parsed)) return parsed.filter(isObject);
    } catch {
      // not one array: try lines
    }
  }
  const lines: Message[] = [];
  for (const line of whole.split("\n")) {
    const text = line.trim();
    if (!text.startsWith("{")) continue;
    try {
      const value = JSON.parse(text) as unknown;
      if (isObject(value)) lines.push(value);
    } catch {
      // not JSON: a warning
    }
  }
  return lines;
}

/** Pure: the outcome of a `qwen -o json` run (Qwen reports tokens, no cost). */
export function parseQwenRun(stdout: string, exitCode: number): RunResult {
  const messages = messagesOf(stdout);
  const result = [...messages].reverse().find((m) => m["type"] === "result");
  const sessionIdOf = (m: Message | undefined) => (typeof m?.["session_id"] === "string" && m["session_id"] !== "" ? m["session_id"] : null);
  if (!result) {
    const shown = stdout.trim().split("\n")[0]?.slice(0, 300) ?? "";
    return { ok: false, text: `no result in qwen's output (exit code ${exitCode})${shown ? `: ${shown}` : ""}`, costUsd: null, sessionId: sessionIdOf(messages[0]) };
  }
  const sessionId = sessionIdOf(result);
  const ok = result["is_error"] !== true && result["subtype"] === "success" && exitCode === 0;
  let text = typeof result["result"] === "string" ? result["result"] : "";
  if (!ok && text === "") {
    const error = isObject(result["error"]) ? result["error"]["message"] : undefined;
    text = typeof error === "string" && error !== "" ? error : `qwen ended with ${String(result["subtype"] ?? "an error")} (exit code ${exitCode})`;
  }
  return { ok, text, costUsd: null, sessionId };
}

/** Qwen Code's headless mode (docs/backends/qwen.md, "Non-interactive runs"). */
export const qwenRunner: RunnerSupport = {
  args: qwenRunArgs,
  parse: parseQwenRun,
};
