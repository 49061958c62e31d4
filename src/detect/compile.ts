import { compileUserRegex, lazyUserRegex, type UserRegex, type UserRegexError } from "../util/user-regex.ts";
import type { ManifestProblem } from "./problems.ts";
import { needsPromptBox } from "./regions.ts";
import type { RawManifest, RawMatcher, RawRegion, RawRule } from "./schema.ts";
import type { DialogChoice, DialogShape, Manifest, Matcher, Region, Rule } from "./types.ts";

export type Path = Array<string | number>;

export interface CompileContext {
  file: string;
  builtin: boolean;
  /** The file's base name: the manifest's name. */
  name: string;
  at: (path: Path) => { line: number; col: number };
  keyOf: (path: Path) => string;
}

/** Turn validated YAML into a Manifest with its regexes built; every mistake is a problem with its place, and none means a manifest. */
export function compileManifest(raw: RawManifest, ctx: CompileContext): { manifest: Manifest | null; problems: ManifestProblem[] } {
  const c = new Compiler(ctx);
  if (raw.name !== undefined && raw.name !== ctx.name) {
    c.problem(["name"], `name "${raw.name}" differs from the file name ${ctx.name}.yml`, `rename the file to ${raw.name}.yml, or set name: ${ctx.name}`);
  }
  const promptBox = raw.promptBox === undefined ? null : c.regex(raw.promptBox, ["promptBox"]);
  c.hasPromptBox = raw.promptBox !== undefined;
  const titles = (raw.match?.titles ?? []).map((t, i) => c.regex(t, ["match", "titles", i]));
  const layoutPart = (key: "boxRule" | "dialogTop" | "turnStart" | "turnEnd") => (raw.layout?.[key] === undefined ? null : c.regex(raw.layout[key], ["layout", key]));
  const inputUnderRule = raw.layout?.inputUnderRule ?? null;
  if (inputUnderRule !== null && !Number.isInteger(inputUnderRule)) c.problem(["layout", "inputUnderRule"], `${inputUnderRule} is not a whole number of lines`, `write inputUnderRule: ${Math.max(1, Math.round(inputUnderRule))}`);
  if (inputUnderRule !== null && raw.layout?.boxRule === undefined) c.problem(["layout", "inputUnderRule"], "inputUnderRule needs layout.boxRule", "add boxRule: a regex for the rule drawn above the input line");
  const statusLines = raw.layout?.statusLines ?? null;
  if (statusLines !== null && !Number.isInteger(statusLines)) c.problem(["layout", "statusLines"], `${statusLines} is not a whole number of lines`, `write statusLines: ${Math.max(1, Math.round(statusLines))}`);
  const layout = { boxRule: layoutPart("boxRule"), inputUnderRule, dialogTop: layoutPart("dialogTop"), statusLines, turnStart: layoutPart("turnStart"), turnEnd: layoutPart("turnEnd") };
  const rules: Rule[] = [];
  if (!raw.rules || raw.rules.length === 0) {
    c.problem(raw.rules ? ["rules"] : [], "no rules", "add rules: a list of {name, state, priority, region, contains|regex|not|any|all}");
  }
  const seen = new Set<string>();
  (raw.rules ?? []).forEach((r, i) => {
    const rule = c.rule(r, ["rules", i]);
    if (r.name !== undefined && seen.has(r.name)) c.problem(["rules", i, "name"], `duplicate rule name "${r.name}"`, "give each rule its own name");
    if (r.name !== undefined) seen.add(r.name);
    if (rule) rules.push(rule);
  });
  const dialogRaw = raw.dialog;
  const shapeRegex = (key: "option" | "top" | "skip") => (dialogRaw?.[key] === undefined ? null : c.regex(dialogRaw[key], ["dialog", key]));
  const dialog: DialogShape | null = dialogRaw ? { option: shapeRegex("option"), top: shapeRegex("top"), skip: shapeRegex("skip"), choices: c.choices(dialogRaw.choices) } : null;
  if (c.problems.length > 0) return { manifest: null, problems: c.problems.sort((a, b) => a.line - b.line || a.col - b.col) };
  return {
    manifest: {
      name: ctx.name,
      description: raw.description ?? "",
      file: ctx.file,
      builtin: ctx.builtin,
      match: { commands: raw.match?.commands ?? [], processes: raw.match?.processes ?? [], titles: titles.filter((t): t is UserRegex => t !== null) },
      promptBox,
      layout,
      alternateScreen: raw.alternateScreen ?? false,
      rules,
      dialog,
    },
    problems: [],
  };
}

/** A key a dialog choice may name: one that tmux send-keys knows by this name. */
const DIALOG_KEY = /^(?:[A-Za-z0-9]|Enter|Escape|Tab|BTab|Space|Up|Down|Left|Right|Home|End|[CM]-[a-z])$/;

class Compiler {
  readonly problems: ManifestProblem[] = [];
  hasPromptBox = false;

  constructor(private readonly ctx: CompileContext) {}

  problem(path: Path, message: string, fix: string): void {
    this.problems.push({ file: this.ctx.file, ...this.ctx.at(path), key: this.ctx.keyOf(path) || "(top level)", message, fix });
  }

  /**
   * A pattern for RE2's linear-time engine (src/util/user-regex.ts): one it cannot compile is a
   * problem naming the construct. A built-in's is compiled on first use (a test compiles them all).
   */
  regex(source: string, path: Path): UserRegex | null {
    if (this.ctx.builtin) return lazyUserRegex(source);
    try {
      return compileUserRegex(source);
    } catch (error) {
      this.problem(path, `invalid regular expression: ${(error as Error).message}`, (error as UserRegexError).fix ?? "write an RE2 regular expression");
      return null;
    }
  }

  /** `dialog.choices`: each a label and the keys that pick it (single keys tmux knows by name). */
  choices(raw: Array<{ label?: string; keys?: string[] }> | undefined): DialogChoice[] | null {
    if (raw === undefined) return null;
    if (raw.length === 0) this.problem(["dialog", "choices"], "no choices", "list the dialog's choices in order, e.g. [{label: Approve, keys: [y]}, {label: Deny, keys: [n]}]");
    const choices: DialogChoice[] = [];
    raw.forEach((choice, i) => {
      const path: Path = ["dialog", "choices", i];
      if (!choice.label?.trim()) return this.problem(path, "choice has no label", "add label: the choice as the dialog shows it");
      const keys = choice.keys ?? [];
      if (keys.length === 0) return this.problem(path, `choice "${choice.label}" has no keys`, "add keys: the keys that pick it, e.g. [y] or [Right, Enter]");
      const bad = keys.find((k) => !DIALOG_KEY.test(k));
      if (bad !== undefined) return this.problem([...path, "keys"], `"${bad}" is not a key`, "write one key per item: a letter or digit, Enter, Escape, Tab, BTab, Space, Up, Down, Left, Right, or C-x / M-x");
      choices.push({ label: choice.label.trim(), keys });
    });
    return choices;
  }

  rule(raw: RawRule, path: Path): Rule | null {
    const before = this.problems.length;
    if (raw.name === undefined) this.problem(path, "rule has no name", "add name: a word for what it recognises, shown by agentmux detect --explain");
    if (raw.state === undefined) this.problem(path, "rule has no state", "add state: working, blocked or idle");
    if (raw.priority === undefined) this.problem(path, "rule has no priority", "add priority: a number; the highest matching rule wins");
    const region = raw.region === undefined ? ({ kind: "screen" } as const) : this.region(raw.region, [...path, "region"]);
    const matcher = this.matcher({ ...raw, region: undefined }, path, true);
    if (raw.cause !== undefined && !/^[a-z][a-z0-9-]*$/.test(raw.cause)) this.problem([...path, "cause"], `cause "${raw.cause}" is not one lowercase word`, "write a word such as permission, question, plan or interrupted");
    if (this.problems.length > before || !region || !matcher || raw.name === undefined || raw.state === undefined || raw.priority === undefined) return null;
    return { name: raw.name, state: raw.state, priority: raw.priority, region, matcher, cause: raw.cause ?? null };
  }

  region(raw: RawRegion, path: Path): Region | null {
    let region: Region | null = null;
    if (typeof raw === "string") region = { kind: raw as "screen" | "title" | "prompt-box" | "live" | "status" | "footer" | "input" | "modal" | "transcript" };
    else {
      const [key, lines] = raw.bottom !== undefined ? ["bottom", raw.bottom] as const : ["above-prompt", raw["above-prompt"]] as const;
      if (lines === undefined) this.problem(path, "region has no size", "write {bottom: N} or {above-prompt: N}");
      else if (!Number.isInteger(lines)) this.problem([...path, key], `${lines} is not a whole number of lines`, `write ${key}: ${Math.max(1, Math.round(lines))}`);
      else region = { kind: key, lines };
    }
    if (region && needsPromptBox(region) && !this.hasPromptBox) {
      this.problem(path, `region ${region.kind} needs the manifest's promptBox`, "add promptBox: a regex for the line that starts the input box (the structural regions are found from it)");
      return null;
    }
    return region;
  }

  matcher(raw: RawMatcher, path: Path, isRule = false): Matcher | null {
    const before = this.problems.length;
    const parts: Matcher[] = [];
    if (raw.contains !== undefined) {
      if (raw.contains === "") this.problem([...path, "contains"], "an empty string matches every line", "write the text to look for");
      else parts.push({ kind: "contains", text: raw.contains });
    }
    if (raw.regex !== undefined) {
      const re = this.regex(raw.regex, [...path, "regex"]);
      if (re) parts.push({ kind: "regex", source: raw.regex, re });
    }
    if (raw.not !== undefined) {
      const inner = this.matcher(raw.not, [...path, "not"]);
      if (inner) parts.push({ kind: "not", of: inner });
    }
    for (const kind of ["any", "all"] as const) {
      const list = raw[kind];
      if (list === undefined) continue;
      if (list.length === 0) { this.problem([...path, kind], `an empty ${kind} list`, `list the matchers ${kind === "any" ? "of which one" : "that all"} must hold`); continue; }
      const children = list.map((m, i) => this.matcher(m, [...path, kind, i]));
      if (children.every((m): m is Matcher => m !== null)) parts.push({ kind, of: children });
    }
    if (parts.length === 0 && this.problems.length === before) {
      this.problem(path, isRule ? "rule has no matcher" : "empty matcher", "add contains, regex, not, any or all");
    }
    const region = raw.region === undefined ? undefined : this.region(raw.region, [...path, "region"]);
    if (this.problems.length > before) return null;
    const matcher: Matcher = parts.length === 1 && parts[0] ? parts[0] : { kind: "all", of: parts };
    return region ? { ...matcher, region } : matcher;
  }
}
