import type { RunOptions, RunResult, RunnerSupport } from "../shared/types.ts";

type Event = Record<string, unknown>;

const isObject = (value: unknown): value is Event => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/**
 * Pure: the arguments of one `cline --json` run. The prompt is the one positional argument, after
 * "--" so that one looking like a flag (or a subcommand: "auth …") stays a prompt; 3.0.65 says it
 * reads a piped prompt but does not. Plan mode is Cline's --plan; model is -m.
 * Cline's -s replaces the whole system prompt, so appendSystemPrompt has no channel; maxTurns and
 * allowedTools have no equivalent either.
 */
export function clineRunArgs(prompt: string, options: RunOptions): { args: string[]; stdin: boolean } {
  const args = ["--json"];
  if (options.permissionMode === "plan") args.push("--plan");
  if (options.model) args.push("-m", options.model);
  return { args: [...args, "--", prompt], stdin: false };
}

/** An error's words, wherever a line carries one. */
function errorOf(event: Event): string | undefined {
  const error = event["error"];
  return text(isObject(error) ? error["message"] : error) ?? text(event["message"]);
}

/** Pure: the outcome of a `cline --json` run (JSONL: agent and hook events, then run_result; it names no session). */
export function parseClineRun(stdout: string, exitCode: number): RunResult {
  let result: Event | null = null;
  let failure: string | undefined;
  let events = 0;
  for (const line of stdout.split("\n")) {
    const trimmed = line.trim();
    if (!trimmed.startsWith("{")) continue;
    let event: unknown;
    try {
      event = JSON.parse(trimmed);
    } catch {
      continue;
    }
    if (!isObject(event) || typeof event["type"] !== "string") continue;
    events++;
    const type = event["type"];
    if (type === "run_result") result = event;
    else if (type === "run_aborted" || type === "error") failure = errorOf(event) ?? `cline reported ${type}`;
    else if (type === "agent_event" && isObject(event["event"]) && event["event"]["type"] === "error") failure = errorOf(event["event"]) ?? "cline reported an error";
  }
  if (events === 0) {
    const shown = stdout.trim().split("\n")[0]?.slice(0, 300) ?? "";
    return { ok: false, text: `no events in cline's output (exit code ${exitCode})${shown ? `: ${shown}` : ""}`, costUsd: null, sessionId: null };
  }
  const usage = result && isObject(result["usage"]) ? result["usage"] : {};
  const costUsd = typeof usage["totalCost"] === "number" ? usage["totalCost"] : null;
  const answer = text(result?.["text"]);
  if (failure !== undefined) return { ok: false, text: failure, costUsd, sessionId: null };
  if (!result || result["finishReason"] !== "completed" || exitCode !== 0) {
    const reason = typeof result?.["finishReason"] === "string" ? `: ${result["finishReason"]}` : "";
    return { ok: false, text: answer ?? `cline ended without completing its run (exit code ${exitCode})${reason}`, costUsd, sessionId: null };
  }
  return { ok: true, text: answer ?? "", costUsd, sessionId: null };
}

/** Cline's non-interactive mode (docs/backends/cline.md, "Non-interactive runs"). */
export const clineRunner: RunnerSupport = { args: clineRunArgs, parse: parseClineRun };
