import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair } from "yaml";
import { AgentmuxError } from "../util/errors.ts";

/** Where the values of a declared argument come from, which decides how it is asked for. */
export const ARGUMENT_SOURCES = ["text", "session", "directory", "file"] as const;
export type ArgumentSource = (typeof ARGUMENT_SOURCES)[number];

/** One argument a skill declares (`arguments:` in its frontmatter). */
export interface SkillArgument {
  name: string;
  description: string | null;
  /** text: typed in; session: a live agentmux session; directory, file: a path. */
  source: ArgumentSource;
  /** The only values allowed (asked with a list); null: any. */
  choices: string[] | null;
  /** Taken when nothing is given (a list when multiple). */
  default: string[] | null;
  /** Several values (asked with check boxes, or one line of words). */
  multiple: boolean;
  /** Asked for when not given; an optional one may stay empty. */
  required: boolean;
}

/** What agentmux reads of a SKILL.md frontmatter (the keys Claude Code and Codex read, and the argument declarations). */
export interface SkillFrontmatter {
  name: string;
  description: string;
  argumentHint: string | null;
  arguments: SkillArgument[];
  /** false: the model may use it, a person cannot run it as a command. */
  userInvocable: boolean;
  /** The model the skill asks for, where the CLI honours it. */
  model: string | null;
}

const OPENING = /^---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*$/m;

interface Reader { file: string; lines: LineCounter; offsetLine: number }

function fail(reader: Reader, node: Node | Pair | null | undefined, key: string, why: string): never {
  const at = isPair(node) ? (node.key as Node | null) : node;
  const range = at && typeof at === "object" && "range" in at ? at.range : undefined;
  const line = range ? reader.lines.linePos(range[0]).line + reader.offsetLine : reader.offsetLine;
  throw new AgentmuxError(`${reader.file}:${line}: frontmatter key "${key}": ${why}`, { hint: "fix the SKILL.md frontmatter (YAML between the --- lines)" });
}

function scalarText(reader: Reader, node: unknown, key: string, pair: Pair | undefined): string {
  if (isScalar(node) && (typeof node.value === "string" || typeof node.value === "number")) return String(node.value);
  return fail(reader, (node as Node | null) ?? pair, key, "must be a text");
}

function textList(reader: Reader, node: unknown, key: string, pair: Pair | undefined): string[] {
  if (isSeq(node)) return node.items.map((item, i) => scalarText(reader, item, `${key}[${i}]`, pair));
  return [scalarText(reader, node, key, pair)];
}

function bool(reader: Reader, node: unknown, key: string, pair: Pair | undefined): boolean {
  if (isScalar(node) && typeof node.value === "boolean") return node.value;
  return fail(reader, (node as Node | null) ?? pair, key, "must be true or false");
}

/** Pure: one `arguments:` entry, a name or {name, description, source, choices, default, multiple, required}. */
function readArgument(reader: Reader, node: unknown, key: string): SkillArgument {
  if (isScalar(node)) {
    const name = scalarText(reader, node, key, undefined).trim();
    if (name === "") fail(reader, node, key, "an argument needs a name");
    return { name, description: null, source: "text", choices: null, default: null, multiple: false, required: true };
  }
  if (!isMap(node)) fail(reader, node as Node, key, "must be a name, or a mapping with name, description, source, choices, default, multiple, required");
  const argument: SkillArgument = { name: "", description: null, source: "text", choices: null, default: null, multiple: false, required: true };
  let defaultPair: Pair | undefined;
  for (const pair of node.items) {
    const field = isScalar(pair.key) ? String(pair.key.value) : "";
    const at = `${key}.${field}`;
    if (field === "name") argument.name = scalarText(reader, pair.value, at, pair).trim();
    else if (field === "description") argument.description = scalarText(reader, pair.value, at, pair);
    else if (field === "source") {
      const source = scalarText(reader, pair.value, at, pair);
      if (!(ARGUMENT_SOURCES as readonly string[]).includes(source)) fail(reader, pair.value as Node, at, `"${source}" is not one of ${ARGUMENT_SOURCES.join(", ")}`);
      argument.source = source as ArgumentSource;
    } else if (field === "choices") {
      if (!isSeq(pair.value) || pair.value.items.length === 0) fail(reader, (pair.value as Node | null) ?? pair, at, "must be a non-empty list");
      argument.choices = textList(reader, pair.value, at, pair);
    } else if (field === "default") {
      defaultPair = pair;
      argument.default = pair.value === null || (isScalar(pair.value) && pair.value.value === null) ? null : textList(reader, pair.value, at, pair);
    } else if (field === "multiple") argument.multiple = bool(reader, pair.value, at, pair);
    else if (field === "required") argument.required = bool(reader, pair.value, at, pair);
    else fail(reader, pair, at, "is not an argument field (name, description, source, choices, default, multiple, required)");
  }
  if (argument.name === "") fail(reader, node, `${key}.name`, "an argument needs a name");
  if (argument.default && argument.default.length > 1 && !argument.multiple) fail(reader, defaultPair, `${key}.default`, "several defaults need multiple: true");
  const unknown = argument.default?.find((value) => argument.choices && !argument.choices.includes(value));
  if (unknown !== undefined) fail(reader, defaultPair, `${key}.default`, `"${unknown}" is not one of the choices`);
  return argument;
}

/** Pure: argument-hint as written; a YAML list (`argument-hint: [issue]`) is shown as `[issue]`. */
function readHint(reader: Reader, node: unknown, pair: Pair): string {
  if (isSeq(node)) return textList(reader, node, "argument-hint", pair).map((item) => `[${item}]`).join(" ");
  return scalarText(reader, node, "argument-hint", pair);
}

/**
 * Pure: the frontmatter of a SKILL.md (file names it in errors; dirName is the skill's directory,
 * the name when the frontmatter gives none). No frontmatter: every default. A malformed one throws
 * an AgentmuxError naming file:line and the key.
 */
export function parseSkillFrontmatter(text: string, file: string, dirName: string): SkillFrontmatter {
  const result: SkillFrontmatter = { name: dirName, description: "", argumentHint: null, arguments: [], userInvocable: true, model: null };
  const source = text.replace(/^\uFEFF/, "");
  const opening = OPENING.exec(source);
  if (!opening) return result;
  const rest = source.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  const reader: Reader = { file, lines: new LineCounter(), offsetLine: 1 };
  if (!closing) fail(reader, null, "---", "the frontmatter has no closing --- line");
  const doc = parseDocument(rest.slice(0, closing.index), { lineCounter: reader.lines, prettyErrors: false });
  const error = doc.errors[0];
  if (error) {
    const line = reader.lines.linePos(error.pos[0]).line + reader.offsetLine;
    throw new AgentmuxError(`${file}:${line}: frontmatter is not valid YAML: ${error.message.split("\n")[0]}`, { hint: "fix the SKILL.md frontmatter (YAML between the --- lines)" });
  }
  const top = doc.contents;
  if (top === null || (isScalar(top) && top.value === null)) return result;
  if (!isMap(top)) fail(reader, top, "(top)", "the frontmatter must be a mapping of keys");
  for (const pair of top.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : "";
    const value = pair.value;
    if (key === "name") {
      result.name = scalarText(reader, value, key, pair).trim();
      if (result.name === "") fail(reader, pair, key, "must not be empty");
    } else if (key === "description") result.description = scalarText(reader, value, key, pair).trim();
    else if (key === "argument-hint") result.argumentHint = readHint(reader, value, pair);
    else if (key === "user-invocable") result.userInvocable = bool(reader, value, key, pair);
    else if (key === "model") result.model = scalarText(reader, value, key, pair).trim() || null;
    else if (key === "arguments") {
      if (!isSeq(value)) fail(reader, (value as Node | null) ?? pair, key, "must be a list of arguments");
      result.arguments = value.items.map((item, i) => readArgument(reader, item, `arguments[${i}]`));
      const names = result.arguments.map((a) => a.name);
      const twice = names.find((name, i) => names.indexOf(name) !== i);
      if (twice !== undefined) fail(reader, pair, key, `the argument "${twice}" is declared twice`);
    }
    // Other keys (allowed-tools, disable-model-invocation, metadata, …) belong to the CLIs.
  }
  return result;
}
