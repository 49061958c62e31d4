/**
 * One thing `agentmux doctor` looked at: what it found and, for a problem, the fix. A failure makes
 * the doctor's exit status non-zero; a warning is worth knowing but agentmux works with it.
 */
export interface Finding {
  check: string;
  level: "ok" | "warn" | "fail";
  said: string;
  fix?: string;
}

export const ok = (check: string, said: string): Finding => ({ check, level: "ok", said });
export const warn = (check: string, said: string, fix: string): Finding => ({ check, level: "warn", said, fix });
export const fail = (check: string, said: string, fix: string): Finding => ({ check, level: "fail", said, fix });

/** Whether all is well: no finding failed. */
export const allWell = (findings: readonly Finding[]): boolean => findings.every((f) => f.level !== "fail");
