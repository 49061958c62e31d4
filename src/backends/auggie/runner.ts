import type { RunOptions, RunResult, RunnerSupport } from "../shared/types.ts";

type Json = Record<string, unknown>;

/**
 * Pure: the arguments of one `auggie --print` run; the prompt goes on stdin. Auggie has no
 * permission modes, allowed-tool list or system-prompt flag for a run: those options are ignored.
 */
export function auggieRunArgs(_prompt: string, options: RunOptions): { args: string[]; stdin: boolean } {
  const args = ["--print", "--output-format", "json"];
  if (options.model) args.push("--model", options.model);
  if (options.maxTurns !== undefined) args.push("--max-turns", String(options.maxTurns));
  return { args, stdin: true };
}

/** The last line of stdout that is a JSON result record (`{"type":"result", …}`). */
function resultObject(stdout: string): Json | null {
  for (const text of stdout.trim().split("\n").reverse()) {
    const line = text.trim();
    if (!line.startsWith("{")) continue;
    try {
      const value = JSON.parse(line) as unknown;
      if (value && typeof value === "object" && !Array.isArray(value) && (value as Json)["type"] === "result") return value as Json;
    } catch {
      // not JSON: keep looking
    }
  }
  return null;
}

/** Pure: the outcome of an `auggie --print --output-format json` run (Auggie reports no cost there). */
export function parseAuggieRun(stdout: string, exitCode: number): RunResult {
  const result = resultObject(stdout);
  if (!result) {
    const shown = stdout.trim().split("\n")[0]?.slice(0, 300) ?? "";
    return { ok: false, text: `no result object in auggie's output (exit code ${exitCode})${shown ? `: ${shown}` : ""}`, costUsd: null, sessionId: null };
  }
  const id = result["session_id"];
  const sessionId = typeof id === "string" && id !== "" ? id : null;
  const ok = result["is_error"] !== true && result["subtype"] === "success" && exitCode === 0;
  const text = typeof result["result"] === "string" && result["result"] !== "" ? result["result"]
    : ok ? "" : `auggie ended with ${String(result["subtype"] ?? "an error")} (exit code ${exitCode})`;
  return { ok, text, costUsd: null, sessionId };
}

/** Auggie's print mode (docs/backends/auggie.md, "Non-interactive runs"). */
export const auggieRunner: RunnerSupport = { args: auggieRunArgs, parse: parseAuggieRun };
