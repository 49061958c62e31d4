/**
 * Every command path the full CLI registers, for the menu on the fast path (which has no
 * commander program to ask). A unit test keeps it equal to what cli/program.ts registers.
 */
export const COMMAND_PATHS: ReadonlySet<string> = new Set([
  "new", "list", "send", "keys", "read", "kill", "rename", "attach", "group", "ungroup", "group-send", "group-kill", "wait",
  "daemon", "daemon start", "daemon stop", "daemon status", "daemon logs", "daemon run", "demo", "detect", "hook", "publish",
  "init", "setup", "setup claude", "watch", "allow", "account", "account list", "account route", "account select",
  "account login", "account init", "account sync", "usage", "switch", "next", "snooze", "menu", "restart", "exit", "handoff",
  "restore", "explain",
]);
