import type { Skill } from "../skills/discover.ts";
import type { SkillArgument } from "../skills/frontmatter.ts";
import type { ArgumentValues } from "../skills/invoke.ts";
import type { NamedSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";

/** A declared argument's possible values, when it has a fixed set: its choices, or the live sessions. */
function optionsOf(argument: SkillArgument, sessions: () => Promise<NamedSession[]>): Promise<{ name: string; value: string }[] | null> {
  if (argument.choices) return Promise.resolve(argument.choices.map((choice) => ({ name: choice, value: choice })));
  if (argument.source === "session") return sessions().then((live) => live.filter((s) => !s.dead).map((s) => ({ name: `${s.name} (${s.pane})`, value: s.pane })));
  return Promise.resolve(null);
}

/**
 * At a terminal: ask for each declared argument not given, with @inquirer/prompts (select or
 * checkbox for choices and sessions, input otherwise), on stderr. Loaded only when asking.
 */
export async function askArguments(skill: Skill, given: ArgumentValues, sessions: () => Promise<NamedSession[]>): Promise<ArgumentValues> {
  const missing = skill.meta.arguments.filter((argument) => (given.get(argument.name) ?? []).length === 0);
  if (missing.length === 0) return given;
  const { checkbox, input, select } = await import("@inquirer/prompts");
  const values: ArgumentValues = new Map(given);
  const context = { output: process.stderr };
  try {
    for (const argument of missing) {
      const message = `${skill.id}: ${argument.name}${argument.description ? ` (${argument.description})` : ""}${argument.required ? "" : " [optional]"}`;
      const options = await optionsOf(argument, sessions);
      if (options && options.length > 0 && argument.multiple) {
        const chosen = await checkbox({ message, choices: options.map((o) => ({ ...o, checked: argument.default?.includes(o.value) ?? false })), required: argument.required }, context);
        values.set(argument.name, chosen);
      } else if (options && options.length > 0) {
        const fallback = argument.default?.[0];
        const choices = argument.required ? options : [{ name: "(none)", value: "" }, ...options];
        const chosen = await select({ message, choices, ...(fallback !== undefined && options.some((o) => o.value === fallback) ? { default: fallback } : {}) }, context);
        values.set(argument.name, chosen === "" ? [] : [chosen]);
      } else {
        const answer = await input({ message: argument.multiple ? `${message}, separated by spaces` : message, default: argument.default?.join(" "), required: argument.required }, context);
        const text = answer.trim();
        values.set(argument.name, text === "" ? [] : argument.multiple ? text.split(/\s+/) : [text]);
      }
    }
  } catch (error) {
    if (error instanceof Error && (error.name === "ExitPromptError" || error.name === "AbortPromptError")) {
      throw new AgentmuxError(`skill ${skill.id}: cancelled while asking for its arguments`, { hint: "nothing was run" });
    }
    throw error;
  }
  return values;
}
