/** Argument builders for tmux user options (@agentmux-*), pane, window or global scope. */

export type OptionScope = { pane: string } | { window: string } | "global";

function scopeArgs(scope: OptionScope): string[] {
  if (scope === "global") return ["-g"];
  if ("pane" in scope) return ["-p", "-t", scope.pane];
  return ["-w", "-t", scope.window];
}

export function setOptionArgs(scope: OptionScope, name: string, value: string): string[] {
  return ["set-option", "-q", ...scopeArgs(scope), name, value];
}

export function unsetOptionArgs(scope: OptionScope, name: string): string[] {
  return ["set-option", "-q", "-u", ...scopeArgs(scope), name];
}

export function showOptionArgs(scope: OptionScope, name: string): string[] {
  return ["show-option", "-qv", ...scopeArgs(scope), name];
}
