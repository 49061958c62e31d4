/** The states of DESIGN.md; null in JSON means unknown. */
export const STATES = ["unknown", "working", "blocked", "waiting", "idle", "closing", "exited"] as const;
export type SessionState = (typeof STATES)[number];
