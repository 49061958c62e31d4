import type { RunOptions, RunResult, RunnerSupport } from "../shared/types.ts";

// Kilo's non-interactive subcommand. (A named constant: an array led by the word "run" reads as a
// tmux command, run-shell's alias, to test/architecture/tmux-facade.test.ts.)
const RUN_SUBCOMMAND = "run";

/**
 * Pure: the arguments of one `kilo run --format json` run; the prompt goes on stdin (Kilo reads a
 * piped stdin as the message), so a prompt starting with "-" is never an option. A run asks no one:
 * a permission its rules leave at "ask" is rejected and the run fails, unless `--auto`
 * (permission mode bypassPermissions) approves everything not explicitly denied. Permission mode
 * plan runs Kilo's plan agent. maxTurns, allowedTools and appendSystemPrompt have no Kilo flag.
 */
export function kiloRunArgs(_prompt: string, options: RunOptions): { args: string[]; stdin: boolean } {
  const args = [RUN_SUBCOMMAND, "--format", "json"];
  if (options.permissionMode === "bypassPermissions") args.push("--auto");
  if (options.permissionMode === "plan") args.push("--agent", "plan");
  if (options.model) args.push("-m", options.model);
  return { args, stdin: true };
}

type Event = Record<string, unknown>;

const isObject = (value: unknown): value is Event => typeof value === "object" && value !== null && !Array.isArray(value);

/** An error event's words: a string, or {name, data: {message}}. */
function errorMessage(error: unknown): string {
  if (typeof error === "string" && error !== "") return error;
  if (isObject(error)) {
    const data = isObject(error["data"]) ? error["data"] : {};
    if (typeof data["message"] === "string" && data["message"] !== "") return data["message"];
    if (typeof error["name"] === "string" && error["name"] !== "") return error["name"];
  }
  return "kilo reported an error";
}

/**
 * Pure: the outcome of a `kilo run --format json` run: JSONL events, each with the sessionID;
 * "text" parts (the answer is the text of the last step that had any), "step_finish" parts with
 * the step's cost in dollars, "error" events. Kilo exits 1 after an error.
 */
export function parseKiloRun(stdout: string, exitCode: number): RunResult {
  let sessionId: string | null = null;
  let failure: string | null = null;
  let cost: number | null = null;
  let step: string[] = [];
  let answer: string[] = [];
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
    if (typeof event["sessionID"] === "string" && sessionId === null) sessionId = event["sessionID"];
    const part = isObject(event["part"]) ? event["part"] : {};
    const type = event["type"];
    if (type === "step_start") step = [];
    else if (type === "text" && typeof part["text"] === "string" && part["text"] !== "") {
      step.push(part["text"]);
      answer = step;
    } else if (type === "step_finish" && typeof part["cost"] === "number") cost = (cost ?? 0) + part["cost"];
    else if (type === "error") failure = errorMessage(event["error"]);
  }
  if (events === 0) {
    const shown = stdout.trim().split("\n")[0]?.slice(0, 300) ?? "";
    return { ok: false, text: `no events in kilo's output (exit code ${exitCode})${shown ? `: ${shown}` : ""}`, costUsd: null, sessionId: null };
  }
  const text = answer.join("\n");
  if (failure !== null) return { ok: false, text: failure, costUsd: cost, sessionId };
  if (exitCode !== 0) return { ok: false, text: text || `kilo run failed (exit code ${exitCode})`, costUsd: cost, sessionId };
  return { ok: true, text, costUsd: cost, sessionId };
}

/** Kilo's `kilo run` (docs/backends/kilo.md, "Non-interactive runs"). */
export const kiloRunner: RunnerSupport = { args: kiloRunArgs, parse: parseKiloRun };
