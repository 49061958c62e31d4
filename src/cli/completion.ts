import { Argument, type Command, type Option } from "commander";
import { out, ownEscapes } from "../util/terminal-text.ts";

/**
 * `agentmux completion bash|zsh|fish`: a completion script made from the commander program
 * itself (commands, subcommands, aliases, flags; hidden ones left out), so it cannot drift from
 * the CLI. The script is data (one table per shell) plus a walker that finds the command path
 * in the words typed so far, skipping flags and their values. Positionals fall back to files.
 */
export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

interface Flag { names: string[]; takesValue: boolean; description: string }
interface Node { path: string; subcommands: Array<{ name: string; description: string }>; flags: Flag[]; /** The first argument's choices. */ values: string[] }

const visible = (c: Command) => !(c as unknown as { _hidden?: boolean })._hidden;

function flagOf(o: Option): Flag {
  return { names: [o.short, o.long].filter((n): n is string => Boolean(n)), takesValue: o.required || o.optional, description: o.description };
}

/** Every command path (aliases too) with its visible subcommands and flags; "" is the program. */
export function completionTree(program: Command): Node[] {
  const nodes: Node[] = [];
  const visit = (command: Command, paths: string[]) => {
    const subs = command.commands.filter(visible);
    const flags = [...command.options.filter((o) => !o.hidden).map(flagOf), { names: ["-h", "--help"], takesValue: false, description: "display help" }];
    const values = [...(command.registeredArguments[0]?.argChoices ?? [])];
    for (const path of paths) {
      nodes.push({ path, flags, values, subcommands: subs.flatMap((s) => [s.name(), ...s.aliases()].map((name) => ({ name, description: s.description() }))) });
    }
    for (const sub of subs) visit(sub, paths.flatMap((p) => [sub.name(), ...sub.aliases()].map((n) => (p ? `${p} ${n}` : n))));
  };
  visit(program, [""]);
  return nodes;
}

const words = (list: string[]) => list.join(" ");
const valued = (node: Node) => node.flags.filter((f) => f.takesValue).flatMap((f) => f.names);
const allFlags = (node: Node) => node.flags.flatMap((f) => f.names);
/** A string in single quotes for sh, zsh and fish alike (fish: \ and ' escaped inside). */
const shq = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
const fishq = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

function bash(name: string, nodes: Node[]): string {
  const table = (fn: string, pick: (n: Node) => string[]) => [
    `_${name}_${fn}() {`,
    "  case \"$1\" in",
    ...nodes.map((n) => `    ${shq(n.path)}) echo ${shq(words(pick(n)))} ;;`),
    "  esac",
    "}",
  ];
  return [
    `# bash completion for ${name} (made by: ${name} completion bash). Load it from ~/.bashrc:`,
    `#   source <(${name} completion bash)`,
    ...table("subs", (n) => n.subcommands.map((s) => s.name)),
    ...table("words", (n) => [...n.subcommands.map((s) => s.name), ...n.values]),
    ...table("flags", allFlags),
    ...table("valued", valued),
    `_${name}() {`,
    "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" path=\"\" i w",
    "  for ((i = 1; i < COMP_CWORD; i++)); do",
    "    w=\"${COMP_WORDS[i]}\"",
    "    if [[ $w == -* ]]; then",
    `      [[ $w != *=* && " $(_${name}_valued "$path") $(_${name}_valued "") " == *" $w "* ]] && ((i++))`,
    "      continue",
    "    fi",
    `    [[ " $(_${name}_subs "$path") " == *" $w "* ]] || break`,
    "    path=\"${path:+$path }$w\"",
    "  done",
    "  if [[ $cur == -* ]]; then",
    `    COMPREPLY=($(compgen -W "$(_${name}_flags "$path")" -- "$cur"))`,
    "  else",
    `    COMPREPLY=($(compgen -W "$(_${name}_words "$path")" -- "$cur"))`,
    "  fi",
    "}",
    `complete -o default -F _${name} ${name}`,
    "",
  ].join("\n");
}

function zsh(name: string, nodes: Node[]): string {
  const zq = (s: string) => shq(s.replace(/:/g, "\\:"));
  return [
    `#compdef ${name}`,
    `# zsh completion for ${name} (made by: ${name} completion zsh). Load it from ~/.zshrc (after compinit):`,
    `#   source <(${name} completion zsh)`,
    `_${name}_described() {`,
    "  case \"$1:$2\" in",
    ...nodes.flatMap((n) => [
      `    ${shq(`${n.path}:subs`)}) reply=(${[...n.subcommands.map((s) => zq(`${s.name}:${s.description}`)), ...n.values.map(zq)].join(" ")}) ;;`,
      `    ${shq(`${n.path}:flags`)}) reply=(${n.flags.flatMap((f) => f.names.map((x) => zq(`${x}:${f.description}`))).join(" ")}) ;;`,
      `    ${shq(`${n.path}:names`)}) reply=(${n.subcommands.map((x) => shq(x.name)).join(" ")}) ;;`,
      `    ${shq(`${n.path}:valued`)}) reply=(${valued(n).map(shq).join(" ")}) ;;`,
    ]),
    "    *) reply=() ;;",
    "  esac",
    "}",
    `_${name}() {`,
    "  local path=\"\" i w",
    "  local -a reply subs here root described",
    "  for ((i = 2; i < CURRENT; i++)); do",
    "    w=\"${words[i]}\"",
    "    if [[ $w == -* ]]; then",
    `      _${name}_described "$path" valued; here=($reply); _${name}_described "" valued; root=($reply)`,
    "      [[ $w != *=* && ( ${here[(Ie)$w]} -gt 0 || ${root[(Ie)$w]} -gt 0 ) ]] && ((i++))",
    "      continue",
    "    fi",
    `    _${name}_described "$path" names; subs=($reply)`,
    "    (( ${subs[(Ie)$w]} )) || break",
    "    path=\"${path:+$path }$w\"",
    "  done",
    "  if [[ ${words[CURRENT]} == -* ]]; then",
    `    _${name}_described "$path" flags; described=($reply)`,
    "    _describe -t options option described",
    "  else",
    `    _${name}_described "$path" subs; described=($reply)`,
    "    if (( ${#described} )); then _describe -t commands command described; else _files; fi",
    "  fi",
    "}",
    `compdef _${name} ${name}`,
    "",
  ].join("\n");
}

function fish(name: string, nodes: Node[]): string {
  const table = (fn: string, pick: (n: Node) => string[]) => [
    `function __${name}_${fn}`,
    "    switch \"$argv[1]\"",
    ...nodes.flatMap((n) => [`        case ${fishq(n.path)}`, ...(pick(n).length ? [`            printf '%s\\n' ${pick(n).map(fishq).join(" ")}`] : [])]),
    "    end",
    "end",
  ];
  const lines = [
    `# fish completion for ${name} (made by: ${name} completion fish). Load it with:`,
    `#   ${name} completion fish > ~/.config/fish/completions/${name}.fish`,
    ...table("subs", (n) => n.subcommands.map((s) => s.name)),
    ...table("valued", valued),
    `function __${name}_path`,
    "    set -l path ''",
    "    set -l skip 0",
    "    set -l typed (commandline -opc)",
    "    for w in $typed[2..-1]",
    "        if test $skip = 1",
    "            set skip 0",
    "            continue",
    "        end",
    "        if string match -q -- '-*' $w",
    `            if not string match -q -- '*=*' $w; and contains -- $w (__${name}_valued $path) (__${name}_valued '')`,
    "                set skip 1",
    "            end",
    "            continue",
    "        end",
    `        contains -- $w (__${name}_subs $path); or break`,
    "        set path (string trim -- \"$path $w\")",
    "    end",
    "    printf '%s\\n' $path",
    "end",
    `complete -c ${name} -e`,
  ];
  for (const n of nodes) {
    const when = `-n ${fishq(`test "$(__${name}_path)" = ${fishq(n.path)}`)}`;
    for (const s of n.subcommands) lines.push(`complete -c ${name} -f ${when} -a ${fishq(s.name)} -d ${fishq(s.description)}`);
    for (const v of n.values) lines.push(`complete -c ${name} -f ${when} -a ${fishq(v)}`);
    for (const f of n.flags) {
      const names = f.names.map((x) => (x.startsWith("--") ? `-l ${fishq(x.slice(2))}` : `-s ${fishq(x.slice(1))}`)).join(" ");
      lines.push(`complete -c ${name} ${when} ${names}${f.takesValue ? " -r" : ""} -d ${fishq(f.description)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The completion script for SHELL. */
export function completionScript(program: Command, shell: Shell): string {
  const nodes = completionTree(program);
  return { bash, zsh, fish }[shell](program.name(), nodes);
}

export function registerCompletion(program: Command): void {
  program
    .command("completion")
    .description("print a shell completion script: source <(agentmux completion bash), zsh likewise; fish: > ~/.config/fish/completions/agentmux.fish")
    .addArgument(new Argument("<shell>", SHELLS.join(", ")).choices(SHELLS))
    .action((shell: Shell) => {
      out(ownEscapes(completionScript(program, shell)));
    });
}
