/**
 * Every command path the full CLI registers, for the menu on the fast path (which has no
 * commander program to ask), sorted. A unit test keeps it equal to what cli/program.ts registers,
 * less the per-agent `setup <agent>` commands, which come from the backends' registry (no menu
 * entry needs one, and the registry would cost the menu key its start-up).
 */
export const COMMAND_PATHS: ReadonlySet<string> = new Set([
  "account", "account init", "account list", "account login", "account route", "account select",
  "account sync", "allow", "attach", "audit", "batch", "branch", "branches", "completion", "daemon", "daemon logs", "daemon run",
  "daemon start", "daemon status", "daemon stop", "demo", "detect", "exit", "explain", "group",
  "group-kill", "group-send", "handoff", "hook", "inbox", "init", "keys", "kill", "list", "mcp", "menu", "new",
  "next", "projects", "prompt", "prompt capture", "prompt insert", "prompt list", "publish", "read", "rename", "restart", "restore", "resume", "route", "send", "setup", "side", "side conclude",
  "side describe", "side dismiss", "side list", "side resume", "side send-selection", "side toggle", "snooze", "switch",
  "ungroup", "usage", "wait", "watch",
  "skill", "skill list", "skill run",
  "audit", "batch",
  "remote", "remote devices", "remote pair", "remote revoke", "remote start", "remote status", "remote stop",
  "hosts", "hosts check", "stream", "answer", "doctor",
  "chief", "chief dismiss", "chief heartbeat", "chief note", "chief open", "chief plan", "chief start", "chief stateless", "chief status",
  "chief stop", "chief switch", "chief tick", "theme",
  "diff", "merge", "review", "worktree", "worktree list", "worktree remove",
]);
