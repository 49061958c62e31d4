/** The most characters of a first prompt a conversation header keeps. */
export const PROMPT_LINE_MAX = 200;

/** Text on one line (whitespace runs become one space), cut to PROMPT_LINE_MAX characters with "…". */
export function promptLine(text: string): string {
  const line = text.replace(/\s+/gu, " ").trim();
  const chars = [...line];
  return chars.length <= PROMPT_LINE_MAX ? line : `${chars.slice(0, PROMPT_LINE_MAX - 1).join("")}…`;
}

/** Whether id can name a CLI's conversation file: letters, digits, "-", "_" and "." (never a path or "."/".."). */
export function isSafeId(id: string): boolean {
  return /^[A-Za-z0-9_.-]{1,200}$/u.test(id) && id !== "." && id !== "..";
}

/** Epoch ms of an ISO timestamp; null when absent or not a date. */
export function parseTime(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
