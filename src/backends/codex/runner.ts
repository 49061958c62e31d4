import type { RunOptions, RunResult, RunnerSupport } from "../shared/types.ts";
import { codexSystemPromptArgs } from "./history.ts";

/**
 * The sandbox of an exec run for a permission mode (Claude's names, which batch config uses):
 * plan reads only, bypassPermissions drops the sandbox, anything else may write in the workspace.
 */
function sandboxArgs(permissionMode: string | undefined): string[] {
  if (permissionMode === "bypassPermissions") return ["--dangerously-bypass-approvals-and-sandbox"];
  if (permissionMode === "plan") return ["-s", "read-only"];
  if (permissionMode === undefined) return [];
  return ["-s", "workspace-write"];
}

/**
 * Pure: the arguments of one `codex exec` run. The prompt is read from stdin ("-"), which the run
 * closes after writing it, so exec never waits for more. maxTurns and allowedTools have no Codex
 * equivalent and are ignored.
 */
export function codexRunArgs(_prompt: string, options: RunOptions): { args: string[]; stdin: boolean } {
  const args = ["exec", "--json", "--skip-git-repo-check", ...sandboxArgs(options.permissionMode)];
  if (options.model) args.push("-m", options.model);
  if (options.appendSystemPrompt) args.push(...codexSystemPromptArgs(options.appendSystemPrompt));
  args.push("-");
  return { args, stdin: true };
}

type Event = Record<string, unknown>;

const isObject = (value: unknown): value is Event => typeof value === "object" && value !== null && !Array.isArray(value);

/** The message of an error event or a turn.failed event. */
function errorMessage(event: Event): string {
  const nested = isObject(event["error"]) ? event["error"]["message"] : undefined;
  if (typeof nested === "string" && nested !== "") return nested;
  return typeof event["message"] === "string" && event["message"] !== "" ? event["message"] : "codex reported an error";
}

/** Pure: the outcome of a `codex exec --json` run (JSONL events; Codex reports no cost). */
export function parseCodexRun(stdout: string, exitCode: number): RunResult {
  let text: string | null = null;
  let failure: string | null = null;
  let sessionId: string | null = null;
  let completed = false;
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
    if (type === "thread.started" && typeof event["thread_id"] === "string") sessionId = event["thread_id"];
    else if (type === "item.completed" && isObject(event["item"])) {
      const item = event["item"];
      if (item["type"] === "agent_message" && typeof item["text"] === "string") text = item["text"];
    } else if (type === "turn.completed") completed = true;
    else if (type === "turn.failed" || type === "error") failure = errorMessage(event);
  }
  if (events === 0) {
    const shown = stdout.trim().split("\n")[0]?.slice(0, 300) ?? "";
    return { ok: false, text: `no events in codex's output (exit code ${exitCode})${shown ? `: ${shown}` : ""}`, costUsd: null, sessionId: null };
  }
  if (failure !== null) return { ok: false, text: failure, costUsd: null, sessionId };
  if (exitCode !== 0 || !completed) {
    return { ok: false, text: text ?? `codex exec ended without completing its turn (exit code ${exitCode})`, costUsd: null, sessionId };
  }
  return { ok: true, text: text ?? "", costUsd: null, sessionId };
}

/** Codex's exec mode (docs/backends/codex.md, "Non-interactive runs"). */
export const codexRunner: RunnerSupport = {
  args: codexRunArgs,
  parse: parseCodexRun,
  rankingModel: "gpt-5.1-codex-mini",
};
