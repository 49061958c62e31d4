import { Option, type Command } from "commander";

/**
 * tmux's -t on agentmux: every command whose first argument is a session TARGET also takes it as
 * `-t TARGET` / `--target TARGET`, so `agentmux read -t build` reads like `tmux capture-pane -t`.
 * Before parsing, the flag is moved to where the positional TARGET goes; the other positionals
 * follow it (`send -t build hello` is `send build hello`).
 */
export function addTargetFlags(program: Command): void {
  for (const command of walk(program)) {
    if (takesTarget(command) && !command.options.some((o) => o.long === "--target")) {
      command.addOption(new Option("-t, --target <target>", "the session, as tmux's -t (the same as TARGET)"));
    }
  }
  const parseOptions = program.parseOptions.bind(program);
  program.parseOptions = (argv: string[]) => parseOptions(hoistTarget(program, argv));
}

export function takesTarget(command: Command): boolean {
  return command.registeredArguments[0]?.name() === "target";
}

function* walk(command: Command): Generator<Command> {
  yield command;
  for (const sub of command.commands) yield* walk(sub);
}

/** Whether ARG is an option of one of COMMANDS that takes a value in the next word. */
export function takesValue(commands: Command[], arg: string): boolean {
  if (arg.includes("=") || !arg.startsWith("-")) return false;
  const option = commands.flatMap((c) => c.options).find((o) => o.long === arg || o.short === arg);
  return option !== undefined && (option.required || option.optional);
}

/** argv (the words after `agentmux`) with a target command's -t/--target moved into TARGET's place. */
export function hoistTarget(program: Command, argv: readonly string[]): string[] {
  const args = [...argv];
  const path: Command[] = [program];
  let insertAt = -1;
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") return args;
    if (arg.startsWith("-")) {
      if (takesValue(path, arg)) i++;
      continue;
    }
    const current = path[path.length - 1] as Command;
    const sub = current.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (!sub) break;
    path.push(sub);
    insertAt = i + 1;
  }
  const command = path[path.length - 1] as Command;
  if (path.length === 1 || !takesTarget(command)) return args;
  for (let j = insertAt; j < args.length; j++) {
    const arg = args[j] as string;
    if (arg === "--") break;
    let value: string | undefined;
    let width = 1;
    if (arg === "-t" || arg === "--target") { value = args[j + 1]; width = 2; }
    else if (arg.startsWith("--target=")) value = arg.slice("--target=".length);
    else if (/^-t./.test(arg)) value = arg.slice(2);
    else { if (takesValue(path, arg)) j++; continue; }
    if (value === undefined) return args; // commander reports the missing value
    args.splice(j, width);
    args.splice(insertAt, 0, value);
    return args;
  }
  return args;
}
