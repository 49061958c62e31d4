import { AgentmuxError } from "../util/errors.ts";

/**
 * A snooze lives in the pane option @agentmux-snoozed: "1" until undone, or the epoch ms at which
 * it ends; empty (or "0", or a time already past) is not snoozed. The daemon holds back alerts
 * while it is set and fires the one it held back when a timed snooze ends.
 */
export const SNOOZE_OPTION = "@agentmux-snoozed";

export interface Snooze { snoozed: boolean; until: number | null }

export function readSnooze(value: string, now = Date.now()): Snooze {
  const v = value.trim();
  if (v === "" || v === "0") return { snoozed: false, until: null };
  if (v === "1") return { snoozed: true, until: null };
  const until = Number(v);
  if (!Number.isFinite(until) || until <= now) return { snoozed: false, until: null };
  return { snoozed: true, until };
}

/** Parse HOURS as typed: blank (or 0) is "until undone", else a positive number of hours. */
export function parseHours(text: string | undefined): number | null {
  const t = (text ?? "").trim();
  if (t === "" || t === "0") return null;
  const hours = Number(t);
  if (!Number.isFinite(hours) || hours < 0) {
    throw new AgentmuxError(`"${t}" is not a number of hours`, { hint: "give hours as a number (1, 0.5), or nothing to snooze until undone" });
  }
  return hours;
}

/** The option value for a snooze of `hours` (null: until undone). */
export function snoozeValue(hours: number | null, now = Date.now()): string {
  return hours === null ? "1" : String(Math.round(now + hours * 3_600_000));
}

/** "until undone", "for 2h", "for 30m", "for 18s": what the snooze lasts, never rounded up to a minute it is not. */
export function describeSnooze(hours: number | null): string {
  if (hours === null) return "until undone";
  if (hours >= 1 && Number.isInteger(hours)) return `for ${hours}h`;
  const seconds = Math.round(hours * 3600);
  if (seconds < 60 || (seconds < 3600 && seconds % 60 !== 0 && Math.round(hours * 60) < 10)) return seconds < 60 ? `for ${Math.max(1, seconds)}s` : `for ${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
  const minutes = Math.round(hours * 60);
  return minutes % 60 === 0 ? `for ${minutes / 60}h` : minutes > 60 ? `for ${Math.floor(minutes / 60)}h${minutes % 60}m` : `for ${minutes}m`;
}
