import { Option, type Command } from "commander";

/**
 * Flags that exist for key bindings and menu entries (they pass the tmux client and pane): they
 * work as ever but stay out of --help. Keyed by the command's path.
 */
export const KEY_BINDING_FLAGS: Readonly<Record<string, readonly string[]>> = {
  switch: ["--client"],
  next: ["--client", "--from"],
  snooze: ["--ask", "--client"],
  menu: ["--client", "--pane"],
  side: ["--client"],
  "side toggle": ["--client"],
  "side send-selection": ["--client"],
  "side describe": ["--client"],
  "side conclude": ["--client"],
  "side dismiss": ["--client"],
  route: ["--client"],
};

/**
 * Old spellings kept working, out of --help: each sets the flag that replaced it (one name per
 * idea: --backend names the agent CLI everywhere; --tail is "the last N lines").
 */
export const HIDDEN_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  detect: { "--agent": "--backend" },
  "daemon logs": { "--lines": "--tail" },
};

export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

function* walk(command: Command): Generator<Command> {
  yield command;
  for (const sub of command.commands) yield* walk(sub);
}

/** Hide the key bindings' flags and add the hidden aliases; a table naming a flag that does not exist is a bug. */
export function applyFlagRules(program: Command): void {
  const byPath = new Map([...walk(program)].map((c) => [commandPath(c), c]));
  const find = (path: string, flag: string) => {
    const option = byPath.get(path)?.options.find((o) => o.long === flag);
    if (!option) throw new Error(`flag-rules: ${path} has no ${flag}`);
    return option;
  };
  for (const [path, flags] of Object.entries(KEY_BINDING_FLAGS)) for (const flag of flags) find(path, flag).hidden = true;
  for (const [path, aliases] of Object.entries(HIDDEN_ALIASES)) {
    const command = byPath.get(path) as Command;
    for (const [alias, canonical] of Object.entries(aliases)) {
      const target = find(path, canonical);
      const option = new Option(`${alias} ${target.flags.replace(/^.*?--[\w-]+\s*/, "")}`.trim(), `the old name of ${canonical}`).hideHelp();
      command.addOption(option);
      command.on(`option:${option.name()}`, (value: unknown) => command.setOptionValueWithSource(target.attributeName(), value, "cli"));
    }
  }
}
