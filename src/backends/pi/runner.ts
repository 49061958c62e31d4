import type { RunOptions, RunResult, RunnerSupport } from "../shared/types.ts";

type Event = Record<string, unknown>;

const isObject = (value: unknown): value is Event => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Pure: the arguments of one `pi -p --mode json` run. The prompt goes on stdin (Pi reads piped
 * stdin as the message in print mode), so no prompt is ever read as a flag or an @file.
 * permissionMode, maxTurns and allowedTools have no Pi equivalent (Pi asks no permissions; its
 * tool names are not Claude's) and are ignored.
 */
export function piRunArgs(_prompt: string, options: RunOptions): { args: string[]; stdin: boolean } {
  const args = ["-p", "--mode", "json"];
  if (options.model) args.push("--model", options.model);
  if (options.appendSystemPrompt) args.push("--append-system-prompt", options.appendSystemPrompt);
  return { args, stdin: true };
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.filter((b) => isObject(b) && b["type"] === "text" && typeof b["text"] === "string").map((b) => String((b as Event)["text"])).join("\n");
}

/** One assistant message's cost in dollars (usage.cost.total), or null. */
function costOf(message: Event): number | null {
  const usage = isObject(message["usage"]) ? message["usage"] : null;
  const cost = usage && isObject(usage["cost"]) ? usage["cost"]["total"] : undefined;
  return typeof cost === "number" && Number.isFinite(cost) ? cost : null;
}

/**
 * Pure: the outcome of a `pi -p --mode json` run: JSONL, a `session` header (the session id), then
 * the session's events. The answer is the last assistant message (message_end); a message that
 * stopped on an error carries Pi's errorMessage, and Pi still exits 0 then. The cost is the sum of
 * the assistant messages' usage.cost.total.
 */
export function parsePiRun(stdout: string, exitCode: number): RunResult {
  let sessionId: string | null = null;
  let last: Event | null = null;
  let cost: number | null = null;
  let ended = false;
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
    if (type === "session" && typeof event["id"] === "string") sessionId = event["id"];
    else if (type === "message_end" && isObject(event["message"]) && event["message"]["role"] === "assistant") {
      last = event["message"];
      const c = costOf(last);
      if (c !== null) cost = (cost ?? 0) + c;
    } else if (type === "agent_end") ended = true;
  }
  if (events === 0) {
    const shown = stdout.trim().split("\n")[0]?.slice(0, 300) ?? "";
    return { ok: false, text: `no events in pi's output (exit code ${exitCode})${shown ? `: ${shown}` : ""}`, costUsd: null, sessionId: null };
  }
  const text = last ? textOf(last["content"]) : "";
  const stop = last ? last["stopReason"] : undefined;
  if (stop === "error" || stop === "aborted") {
    const message = last && typeof last["errorMessage"] === "string" && last["errorMessage"] !== "" ? last["errorMessage"] : `pi's run ended: ${String(stop)}`;
    return { ok: false, text: message, costUsd: cost, sessionId };
  }
  if (exitCode !== 0 || !ended) return { ok: false, text: text || `pi ended without finishing its run (exit code ${exitCode})`, costUsd: cost, sessionId };
  return { ok: true, text, costUsd: cost, sessionId };
}

/** Pi's print mode with JSON events (docs/backends/pi.md, "Non-interactive runs"). */
export const piRunner: RunnerSupport = {
  args: piRunArgs,
  parse: parsePiRun,
};
