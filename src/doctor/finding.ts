import type { Finding } from "../backends/shared/types.ts";

export type { Finding } from "../backends/shared/types.ts";

export const ok = (check: string, said: string): Finding => ({ check, level: "ok", said });
export const warn = (check: string, said: string, fix: string): Finding => ({ check, level: "warn", said, fix });
export const fail = (check: string, said: string, fix: string): Finding => ({ check, level: "fail", said, fix });

/** Whether all is well: no finding failed. */
export const allWell = (findings: readonly Finding[]): boolean => findings.every((f) => f.level !== "fail");
