import { isJsonObject } from "../../util/json.ts";
import type { RunOptions, RunResult, RunnerSupport } from "../shared/types.ts";

/**
 * Pure: the arguments of one non-interactive Copilot CLI run. The prompt goes on stdin (Copilot
 * runs a piped prompt as it runs `-p`, and exits after the turn); `--output-format json` prints
 * its session events as JSONL. Tools need `--allow-all-tools` to run without a dialog; Claude's
 * permission mode plan starts in plan mode, bypassPermissions allows paths and URLs too. maxTurns,
 * allowedTools (Claude's tool names) and appendSystemPrompt have no Copilot equivalent and are ignored.
 */
export function copilotRunArgs(_prompt: string, options: RunOptions): { args: string[]; stdin: boolean } {
  const args = ["--output-format", "json", "--no-auto-update", options.permissionMode === "bypassPermissions" ? "--allow-all" : "--allow-all-tools"];
  if (options.permissionMode === "plan") args.push("--plan");
  if (options.model) args.push("--model", options.model);
  return { args, stdin: true };
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/**
 * Pure: the outcome of a `copilot --output-format json` run: its last assistant.message with text
 * (a subagent's, which names its parentToolCallId, is not the answer), a session.error's message,
 * and the closing result event's sessionId and exitCode. Copilot reports no cost.
 */
export function parseCopilotRun(stdout: string, exitCode: number): RunResult {
  let answer: string | null = null;
  let failure: string | null = null;
  let sessionId: string | null = null;
  let resultCode: number | null = null;
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
    if (!isJsonObject(event) || typeof event["type"] !== "string") continue;
    events++;
    const data = isJsonObject(event["data"]) ? event["data"] : {};
    if (event["type"] === "assistant.message" && data["parentToolCallId"] === undefined) answer = text(data["content"]) ?? answer;
    else if (event["type"] === "session.error") failure = text(data["message"]) ?? "copilot reported an error";
    else if (event["type"] === "result") {
      sessionId = text(event["sessionId"]) ?? sessionId;
      if (typeof event["exitCode"] === "number") resultCode = event["exitCode"];
    }
  }
  if (events === 0) {
    const shown = stdout.trim().split("\n")[0]?.slice(0, 300) ?? "";
    return { ok: false, text: `no events in copilot's output (exit code ${exitCode})${shown ? `: ${shown}` : ""}`, costUsd: null, sessionId: null };
  }
  if (failure !== null) return { ok: false, text: failure, costUsd: null, sessionId };
  const code = resultCode ?? exitCode;
  if (code !== 0 || exitCode !== 0 || resultCode === null) {
    return { ok: false, text: answer ?? `copilot ended without a result (exit code ${exitCode})`, costUsd: null, sessionId };
  }
  return { ok: true, text: answer ?? "", costUsd: null, sessionId };
}

/** Copilot CLI's non-interactive mode (docs/backends/copilot.md, "Non-interactive runs"). */
export const copilotRunner: RunnerSupport = { args: copilotRunArgs, parse: parseCopilotRun };
