import { appendFileSync } from "node:fs";

export type Logger = (line: string) => void;

/** A logger appending timestamped lines to a file, created 0600: notification texts quote commands (never throws). */
export function fileLogger(path: string): Logger {
  return (line) => {
    try { appendFileSync(path, `${new Date().toISOString()} ${line}\n`, { mode: 0o600 }); } catch { /* logging must never break the daemon */ }
  };
}
