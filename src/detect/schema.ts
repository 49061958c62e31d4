import { bool, expected, list, num, obj, oneOf, oneOfValues, str, type Schema } from "../config/schema.ts";
import { RULE_STATES } from "./types.ts";

/** The YAML shape of a manifest; what the schema cannot say (required keys, regexes) is checked when compiling. */
const REGION = oneOf([oneOfValues(["screen", "title", "prompt-box", "live", "status", "footer", "input", "modal", "transcript"]), obj({ bottom: num(1) }), obj({ "above-prompt": num(1) })], "screen, title, prompt-box, live, status, footer, input, modal, transcript, {bottom: N} or {above-prompt: N}");

// Filled in below: a matcher's not/any/all hold matchers.
const matcherFields: Record<string, Schema<unknown, "optional">> = {};
const MATCHER: Schema = obj(matcherFields);
Object.assign(matcherFields, {
  contains: str("a string"),
  regex: str("a regular expression"),
  not: MATCHER,
  any: list(MATCHER),
  all: list(MATCHER),
  region: REGION,
});

const RULE = obj({ name: str("a rule name"), state: oneOfValues(RULE_STATES), priority: num(), cause: str("a word for why (permission, question, interrupted …)"), ...matcherFields });

export const MANIFEST_SCHEMA = obj({
  name: str("the agent's name"),
  description: str(),
  match: obj({ commands: list(str()), processes: list(str()), titles: list(str("a regular expression")) }),
  promptBox: str("a regular expression"),
  layout: obj({ boxRule: str("a regular expression"), inputUnderRule: num(1), dialogTop: str("a regular expression"), statusLines: num(1), turnStart: str("a regular expression"), turnEnd: str("a regular expression") }),
  alternateScreen: bool,
  rules: list(RULE),
  dialog: obj({
    option: str("a regular expression (groups: the number, the label)"), top: str("a regular expression"), skip: str("a regular expression"),
    choices: list(obj({ label: str("the choice as the dialog shows it"), keys: list(str("a key as agentmux keys takes it: y, Enter, Right …")) })),
  }),
});

// The generic schema words for these read badly ("a list of mapping with keys …s").
const PLAIN_WORDS: Array<[string, string]> = [
  [expected(list(MATCHER)), "a list of matchers"],
  [expected(MATCHER), "a matcher (contains, regex, not, any or all, and a region)"],
  [expected(list(RULE)), "a list of rules"],
  [expected(RULE), "a rule (name, state, priority, cause, region, and contains, regex, not, any or all)"],
];

export function plainWords(text: string): string {
  return PLAIN_WORDS.reduce((t, [from, to]) => t.replaceAll(from, to), text);
}

/** The validated YAML, before compiling. */
export type RawRegion = string | { bottom?: number; "above-prompt"?: number };
export interface RawMatcher {
  contains?: string;
  regex?: string;
  not?: RawMatcher;
  any?: RawMatcher[];
  all?: RawMatcher[];
  region?: RawRegion;
}
export interface RawRule extends RawMatcher { name?: string; state?: (typeof RULE_STATES)[number]; priority?: number; cause?: string }
export interface RawManifest {
  name?: string;
  description?: string;
  match?: { commands?: string[]; processes?: string[]; titles?: string[] };
  promptBox?: string;
  layout?: { boxRule?: string; inputUnderRule?: number; dialogTop?: string; statusLines?: number; turnStart?: string; turnEnd?: string };
  alternateScreen?: boolean;
  rules?: RawRule[];
  dialog?: { option?: string; top?: string; skip?: string; choices?: Array<{ label?: string; keys?: string[] }> };
}
