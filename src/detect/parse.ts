import { basename } from "node:path";
import { isNode, LineCounter, parseDocument, type Document } from "yaml";
import { validateYaml } from "../config/validate.ts";
import { compileManifest, type Path } from "./compile.ts";
import type { ManifestProblem } from "./problems.ts";
import { MANIFEST_SCHEMA, plainWords, type RawManifest } from "./schema.ts";
import type { Manifest } from "./types.ts";

/** The manifest's name: its file's base name (agents/<name>.yml). */
export function manifestName(file: string): string {
  return basename(file).replace(/\.ya?ml$/, "");
}

/** Parse, validate and compile one manifest file's text. Problems carry file:line:col and the key, rules named. */
export function parseManifest(text: string, file: string, options: { builtin: boolean }): { manifest: Manifest | null; problems: ManifestProblem[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const js: unknown = doc.errors.length === 0 ? doc.toJS() : undefined;
  const keyOf = (path: Path) => formatKey(path, js);
  const { value, problems } = validateYaml(text, MANIFEST_SCHEMA);
  if (problems.length > 0) {
    return {
      manifest: null,
      problems: problems.map((p) => ({ file, line: p.line, col: p.col, key: renameRules(p.key, js), message: plainWords(p.message), fix: renameRules(plainWords(p.fix), js) })),
    };
  }
  return compileManifest((value ?? {}) as RawManifest, { file, builtin: options.builtin, name: manifestName(file), at: positionIn(doc, lineCounter), keyOf });
}

/** Where a path's node starts; a missing key is placed at the nearest node that exists. */
function positionIn(doc: Document, lineCounter: LineCounter): (path: Path) => { line: number; col: number } {
  return (path) => {
    for (let p = path; ; p = p.slice(0, -1)) {
      const node = p.length === 0 ? doc.contents : doc.getIn(p, true);
      if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]);
      if (p.length === 0) return { line: 1, col: 1 };
    }
  };
}

/** A rule's name where it names it alone (a duplicate or an odd name is addressed by index). */
function ruleName(js: unknown, index: number): string | undefined {
  const rules = (js as { rules?: unknown } | undefined)?.rules;
  if (!Array.isArray(rules)) return undefined;
  const nameOf = (r: unknown) => (r as { name?: unknown } | null)?.name;
  const name = nameOf(rules[index]);
  if (typeof name !== "string" || !/^[\w.-]+$/.test(name)) return undefined;
  return rules.filter((r) => nameOf(r) === name).length === 1 ? name : undefined;
}

/** `rules.dialog.all[1].regex`: a rule is addressed by its name where it has one. */
function formatKey(path: Path, js: unknown): string {
  let key = "";
  path.forEach((seg, i) => {
    if (typeof seg === "number") {
      const name = i === 1 && path[0] === "rules" ? ruleName(js, seg) : undefined;
      key += name ? `.${name}` : `[${seg}]`;
    } else key += key ? `.${seg}` : seg;
  });
  return key;
}

function renameRules(text: string, js: unknown): string {
  return text.replace(/\brules\[(\d+)\]/g, (whole, i: string) => {
    const name = ruleName(js, Number(i));
    return name ? `rules.${name}` : whole;
  });
}
