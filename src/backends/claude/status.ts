import type { StatusLineReading } from "../shared/types.ts";

/** What Claude Code's status-line JSON tells agentmux. */
export interface ClaudeStatus {
  sessionId?: string | undefined;
  promptId?: string | undefined;
  model?: string | undefined;
  /** The model's id (what --model takes), as opposed to its display name. */
  modelId?: string | undefined;
  effort?: string | undefined;
  cost?: number | undefined;
  contextPercent?: number | undefined;
  fiveHourPercent?: number | undefined;
  sevenDayPercent?: number | undefined;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** Parse the JSON; a file caught empty or half-written answers null (skipped until the next reading). */
export function parseClaudeStatus(text: string): ClaudeStatus | null {
  let data: Obj;
  try { data = obj(JSON.parse(text)); } catch { return null; }
  const model = obj(data["model"]);
  const rate = obj(data["rate_limits"]);
  return {
    sessionId: str(data["session_id"]),
    promptId: str(data["prompt_id"]),
    model: str(model["display_name"]) ?? str(model["id"]),
    modelId: str(model["id"]),
    effort: str(obj(data["effort"])["level"]),
    cost: num(obj(data["cost"])["total_cost_usd"]),
    contextPercent: num(obj(data["context_window"])["used_percentage"]),
    fiveHourPercent: num(obj(rate["five_hour"])["used_percentage"]),
    sevenDayPercent: num(obj(rate["seven_day"])["used_percentage"]),
  };
}

/** Pane options for the parsed status (values already plain text; the caller escapes for formats). */
export function claudeStatusOptions(status: ClaudeStatus): Record<string, string> {
  const out: Record<string, string> = {};
  if (status.model) out["@agentmux-model"] = status.model;
  if (status.effort) out["@agentmux-effort"] = status.effort;
  if (status.cost !== undefined) out["@agentmux-cost"] = status.cost.toFixed(2);
  if (status.contextPercent !== undefined) out["@agentmux-context"] = String(Math.round(status.contextPercent));
  if (status.fiveHourPercent !== undefined) out["@agentmux-rate-5h"] = String(Math.round(status.fiveHourPercent));
  if (status.sevenDayPercent !== undefined) out["@agentmux-rate-7d"] = String(Math.round(status.sevenDayPercent));
  return out;
}

/** The backend's parseStatusLine: the parsed status as a StatusLineReading. */
export function claudeStatusLine(text: string): StatusLineReading | null {
  const status = parseClaudeStatus(text);
  return status && { sessionId: status.sessionId, promptId: status.promptId, modelId: status.modelId, options: claudeStatusOptions(status) };
}
