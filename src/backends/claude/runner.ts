import type { RunOptions, RunResult, RunnerSupport } from "../shared/types.ts";
import { claudeSystemPromptArgs } from "./history.ts";

/** The result object `claude -p --output-format json` prints (the fields agentmux reads). */
interface ClaudeResult {
  type?: unknown;
  subtype?: unknown;
  is_error?: unknown;
  result?: unknown;
  total_cost_usd?: unknown;
  session_id?: unknown;
  errors?: unknown;
}

/** Pure: the arguments of one `claude -p` run; the prompt goes on stdin (no argument length limit). */
export function claudeRunArgs(_prompt: string, options: RunOptions): { args: string[]; stdin: boolean } {
  const args = ["-p", "--output-format", "json"];
  if (options.permissionMode) args.push("--permission-mode", options.permissionMode);
  if (options.maxTurns !== undefined) args.push("--max-turns", String(options.maxTurns));
  if (options.allowedTools && options.allowedTools.length > 0) args.push("--allowedTools", options.allowedTools.join(","));
  if (options.model) args.push("--model", options.model);
  if (options.appendSystemPrompt) args.push(...claudeSystemPromptArgs(options.appendSystemPrompt));
  // Checked with Claude Code 2.1.197: neither the directory's .claude/settings.json hooks nor any CLAUDE.md of it or its parents load.
  if (options.withoutProject) args.push("--setting-sources", "user");
  return { args, stdin: true };
}

/** The last JSON object line of stdout that is a result record (Claude prints one; warnings may precede it). */
function resultObject(stdout: string): ClaudeResult | null {
  const whole = stdout.trim();
  const candidates = [whole, ...whole.split("\n").reverse()];
  for (const text of candidates) {
    const line = text.trim();
    if (!line.startsWith("{")) continue;
    try {
      const value = JSON.parse(line) as unknown;
      if (value && typeof value === "object" && !Array.isArray(value) && (value as ClaudeResult).type === "result") return value as ClaudeResult;
    } catch {
      // not JSON: keep looking
    }
  }
  return null;
}

/** The first line of what the run printed, for an error without a result object. */
function firstLine(stdout: string): string {
  return stdout.trim().split("\n")[0]?.slice(0, 300) ?? "";
}

/** Pure: the outcome of a `claude -p --output-format json` run. */
export function parseClaudeRun(stdout: string, exitCode: number): RunResult {
  const result = resultObject(stdout);
  if (!result) {
    const shown = firstLine(stdout);
    return { ok: false, text: `no result object in claude's output (exit code ${exitCode})${shown ? `: ${shown}` : ""}`, costUsd: null, sessionId: null };
  }
  const cost = typeof result.total_cost_usd === "number" && Number.isFinite(result.total_cost_usd) ? result.total_cost_usd : null;
  const sessionId = typeof result.session_id === "string" && result.session_id !== "" ? result.session_id : null;
  const ok = result.is_error !== true && result.subtype === "success" && exitCode === 0;
  let text = typeof result.result === "string" ? result.result : "";
  if (!ok && text === "") {
    const errors = Array.isArray(result.errors) ? result.errors.filter((e): e is string => typeof e === "string") : [];
    text = errors.length > 0 ? errors.join("; ") : `claude ended with ${String(result.subtype ?? "an error")} (exit code ${exitCode})`;
  }
  return { ok, text, costUsd: cost, sessionId };
}

/** Claude Code's print mode (docs/backends/claude.md, "Non-interactive runs"). */
export const claudeRunner: RunnerSupport = {
  args: claudeRunArgs,
  parse: parseClaudeRun,
  rankingModel: "haiku",
};
