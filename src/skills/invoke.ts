import { AgentmuxError } from "../util/errors.ts";
import type { Skill } from "./discover.ts";
import type { SkillArgument } from "./frontmatter.ts";

/** The values of a skill's declared arguments, by name (a list each; empty: not given). */
export type ArgumentValues = Map<string, string[]>;

/**
 * Pure: the command-line words given after NAME, spread over the declared arguments in order (a
 * `multiple` argument takes every word left when it is the last one). Words beyond the declared
 * arguments (or all of them, when none are declared) are passed on as they are: `rest`.
 */
export function spreadWords(declared: readonly SkillArgument[], words: readonly string[]): { values: ArgumentValues; rest: string[] } {
  const values: ArgumentValues = new Map();
  let i = 0;
  declared.forEach((argument, index) => {
    if (i >= words.length) return;
    const last = index === declared.length - 1;
    const take = argument.multiple && last ? words.length - i : 1;
    values.set(argument.name, words.slice(i, i + take));
    i += take;
  });
  return { values, rest: words.slice(i) };
}

/** Pure: fill what was not given from the defaults; an argument still missing that is required is an error (no terminal to ask at). */
export function completeValues(skill: Skill, values: ArgumentValues): ArgumentValues {
  const done: ArgumentValues = new Map(values);
  for (const argument of skill.meta.arguments) {
    if ((done.get(argument.name) ?? []).length > 0) continue;
    if (argument.default) done.set(argument.name, argument.default);
    else if (argument.required) {
      throw new AgentmuxError(`skill ${skill.id} needs its argument "${argument.name}"${argument.description ? ` (${argument.description})` : ""}`, { hint: `pass it after the name: agentmux skill run ${skill.id} VALUE, or run it at a terminal to be asked` });
    }
  }
  return done;
}

/** Pure: each value must be one of the argument's choices, and a single one unless it takes several. */
export function checkValues(skill: Skill, values: ArgumentValues): void {
  for (const argument of skill.meta.arguments) {
    const given = values.get(argument.name) ?? [];
    if (given.length > 1 && !argument.multiple) {
      throw new AgentmuxError(`skill ${skill.id}: argument "${argument.name}" takes one value, got ${given.length}`, { hint: "quote a value that holds spaces" });
    }
    const wrong = argument.choices ? given.find((value) => !argument.choices?.includes(value)) : undefined;
    if (wrong !== undefined) {
      throw new AgentmuxError(`skill ${skill.id}: "${wrong}" is not a choice of argument "${argument.name}"`, { hint: `one of: ${argument.choices?.join(", ") ?? ""}` });
    }
  }
}

/** Pure: one word as typed after the command; quoted when it holds white space or a quote. */
export function quoteWord(word: string): string {
  if (word !== "" && !/[\s"'\\]/.test(word)) return word;
  return `"${word.replace(/(["\\])/g, "\\$1")}"`;
}

/** Pure: the argument text after the skill's name: declared values in order, then the rest. */
export function argumentText(skill: Skill, values: ArgumentValues, rest: readonly string[]): string {
  const words = [...skill.meta.arguments.flatMap((argument) => values.get(argument.name) ?? []), ...rest];
  return words.map(quoteWord).join(" ");
}

/**
 * Pure: what is typed (or given to a non-interactive run) to run the skill. A skill its CLI loads
 * is its command (`/name args` for Claude, `$name args` for Codex, the backend's prefix); a
 * configured one, which no session loads, is a prompt naming its SKILL.md.
 */
export function invocationText(skill: Skill, prefix: string | undefined, args: string): string {
  if (skill.backend !== null) {
    if (prefix === undefined) throw new AgentmuxError(`skill ${skill.id}: ${skill.backend} has no skill commands`, { hint: "run it with a backend that has skills" });
    return args === "" ? `${prefix}${skill.name}` : `${prefix}${skill.name} ${args}`;
  }
  const lead = `Read the skill in ${skill.file} and follow its instructions.`;
  return args === "" ? lead : `${lead} Its arguments: ${args}`;
}
