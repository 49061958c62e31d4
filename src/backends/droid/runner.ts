import type { RunOptions, RunResult, RunnerSupport } from "../shared/types.ts";

/**
 * The autonomy of an exec run for a permission mode (Claude's names, which batch config uses):
 * without one (or plan) droid exec stays read-only, bypassPermissions skips every check, anything
 * else may change the workspace and build (`--auto medium`).
 */
function autonomyArgs(permissionMode: string | undefined): string[] {
  if (permissionMode === undefined || permissionMode === "plan") return [];
  if (permissionMode === "bypassPermissions") return ["--skip-permissions-unsafe"];
  return ["--auto", "medium"];
}

/**
 * Pure: the arguments of one `droid exec -o json` run; the prompt goes on stdin (droid exec reads
 * it there when no prompt argument is given). maxTurns has no droid equivalent, and allowedTools
 * (Claude's tool names: droid's --only-tools refuses names it does not know, "Bash") is ignored.
 */
export function droidRunArgs(_prompt: string, options: RunOptions): { args: string[]; stdin: boolean } {
  const args = ["exec", "-o", "json", ...autonomyArgs(options.permissionMode)];
  if (options.model) args.push("-m", options.model);
  if (options.appendSystemPrompt) args.push("--append-system-prompt", options.appendSystemPrompt);
  return { args, stdin: true };
}

interface DroidResult { type?: unknown; subtype?: unknown; is_error?: unknown; result?: unknown; session_id?: unknown }

/** The last line of stdout that is droid's result object (`{"type": "result", …}`). */
function resultObject(stdout: string): DroidResult | null {
  const whole = stdout.trim();
  for (const text of [whole, ...whole.split("\n").reverse()]) {
    const line = text.trim();
    if (!line.startsWith("{")) continue;
    try {
      const value = JSON.parse(line) as unknown;
      if (value && typeof value === "object" && !Array.isArray(value) && (value as DroidResult).type === "result") return value as DroidResult;
    } catch {
      // not JSON: keep looking
    }
  }
  return null;
}

/** Pure: the outcome of a `droid exec -o json` run (droid reports credits, not a cost in dollars). */
export function parseDroidRun(stdout: string, exitCode: number): RunResult {
  const result = resultObject(stdout);
  if (!result) {
    const shown = stdout.trim().split("\n")[0]?.slice(0, 300) ?? "";
    return { ok: false, text: `no result object in droid's output (exit code ${exitCode})${shown ? `: ${shown}` : ""}`, costUsd: null, sessionId: null };
  }
  const sessionId = typeof result.session_id === "string" && result.session_id !== "" ? result.session_id : null;
  const ok = result.is_error !== true && result.subtype === "success" && exitCode === 0;
  let text = typeof result.result === "string" ? result.result : "";
  if (!ok && text === "") text = `droid ended with ${String(result.subtype ?? "an error")} (exit code ${exitCode})`;
  return { ok, text, costUsd: null, sessionId };
}

/** droid's non-interactive mode, `droid exec -o json` (docs/backends/droid.md). */
export const droidRunner: RunnerSupport = { args: droidRunArgs, parse: parseDroidRun };
