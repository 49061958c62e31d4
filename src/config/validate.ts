import { createRequire } from "node:module";
import type * as Yaml from "yaml";
import type { Node } from "yaml";

type YamlLib = typeof Yaml;
let yamlLib: YamlLib | undefined;
/**
 * The yaml package, loaded when a text is first read: a command with no config file (and the
 * key-bound verbs, bench P9) never pays for it. Its CommonJS build keeps the readers synchronous.
 */
function yaml(): YamlLib {
  return (yamlLib ??= createRequire(import.meta.url)("yaml") as YamlLib);
}
import { absent, expected, type Presence, type Schema } from "./schema.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";

export interface ConfigProblem { line: number; col: number; key: string; message: string; fix: string }

/** Closest candidate by edit distance, for "did you mean". */
function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase());
    if (d < bestScore) { bestScore = d; best = c; }
  }
  return bestScore <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length] ?? 0;
}

function shapeOf(schema: Schema): "map" | "seq" | "other" {
  const kind = schema.shape.kind;
  if (kind === "object" || kind === "map") return "map";
  return kind === "array" ? "seq" : "other";
}

/**
 * Parse YAML text, check it against the schema and read it as the schema says (defaults filled
 * in, values mapped). Problems carry 1-based line and column; with any, value is undefined.
 * raw is the document as plain data, for checks made after validation.
 */
export function validateYaml<T>(text: string, schema: Schema<T, Presence>): { value: T | undefined; raw: unknown; problems: ConfigProblem[] } {
  const lineCounter = new (yaml().LineCounter)();
  const doc = yaml().parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const problems: ConfigProblem[] = [];
  const at = (offset: number | undefined) => {
    const pos = lineCounter.linePos(offset ?? 0);
    return { line: pos.line, col: pos.col };
  };
  for (const error of doc.errors) {
    problems.push({ ...at(error.pos[0]), key: "(syntax)", message: error.message.split("\n")[0] ?? "invalid YAML", fix: "fix the YAML syntax" });
  }
  if (problems.length > 0) return { value: undefined, raw: undefined, problems };

  /** The value of a node that is present; problems are pushed, and a node with any reads as undefined. */
  const read = (node: Node | null, s: Schema, path: string): unknown => {
    const before = problems.length;
    const value = readShape(node, s, path);
    if (problems.length > before) return undefined;
    return s.transform ? (s.transform as (v: unknown) => unknown)(value) : value;
  };
  const readShape = (node: Node | null, s: Schema, path: string): unknown => {
    const where = at(node?.range?.[0]);
    const bad = (message: string, fix: string) => problems.push({ ...where, key: path || "(top level)", message, fix });
    const value = yaml().isScalar(node) ? node.value : undefined;
    const shape = s.shape;
    switch (shape.kind) {
      case "string":
        if (typeof value !== "string") bad(`expected ${expected(s)}`, `set ${path} to ${expected(s)}`);
        return value;
      case "boolean":
        if (typeof value !== "boolean") bad(`expected true or false`, `set ${path} to true or false`);
        return value;
      case "number":
        // YAML reads 1e400 as Infinity and .nan as NaN: no option means either.
        if (typeof value !== "number" || !Number.isFinite(value) || (shape.min !== undefined && value < shape.min) || (shape.max !== undefined && value > shape.max)) {
          bad(`expected ${expected(s)}`, `set ${path} to ${expected(s)}`);
        }
        return value;
      case "enum":
        if (typeof value !== "string" || !shape.values.includes(value)) {
          const hint = typeof value === "string" ? closest(value, shape.values) : undefined;
          bad(`"${String(value)}" is not ${expected(s)}`, hint ? `did you mean ${hint}?` : `use ${expected(s)}`);
        }
        return value;
      case "array":
        if (!yaml().isSeq(node)) { bad(`expected ${expected(s)}`, `write ${path} as a YAML list`); return undefined; }
        return node.items.map((item, i) => read(item as Node, shape.of, `${path}[${i}]`));
      case "object":
      case "map": {
        if (!yaml().isMap(node)) { bad(`expected ${expected(s)}`, `write ${path || "the file"} as a YAML mapping`); return undefined; }
        const allowed = shape.kind === "object" ? (shape.open ? undefined : Object.keys(shape.fields)) : shape.keys;
        const out: Record<string, unknown> = {};
        for (const pair of node.items) {
          const keyNode = pair.key as Node;
          const key = yaml().isScalar(keyNode) ? String(keyNode.value) : "?";
          const sub = path ? `${path}.${key}` : key;
          if (allowed && !allowed.includes(key)) {
            const hint = closest(key, allowed);
            problems.push({ ...at(keyNode?.range?.[0]), key: sub, message: `unknown key "${key}"`, fix: hint ? `did you mean ${hint}?` : `allowed here: ${allowed.join(", ")}` });
            continue;
          }
          const childSchema = shape.kind === "object" ? shape.fields[key] : shape.of;
          const child = childSchema ? read(pair.value as Node, childSchema, sub) : yaml().isNode(pair.value) ? pair.value.toJSON() : pair.value;
          if (child !== undefined) out[key] = child;
        }
        if (shape.kind === "object") {
          for (const [key, field] of Object.entries(shape.fields)) {
            if (key in out || node.items.some((pair) => yaml().isScalar(pair.key) && String(pair.key.value) === key)) continue;
            if (field.isRequired) bad(`missing key "${key}"`, `add ${key}: ${expected(field)}`);
            const fallback = absent(field);
            if (fallback !== undefined) out[key] = fallback;
          }
        }
        return out;
      }
      case "oneOf": {
        // When only one option takes a mapping (or a list), its own problems (a missing key) say more.
        const shaped = yaml().isMap(node) || yaml().isSeq(node) ? shape.options.filter((o) => shapeOf(o) === (yaml().isMap(node) ? "map" : "seq")) : [];
        if (shaped.length === 1 && shape.options.length > 1) return read(node, shaped[0] as Schema, path);
        for (const option of shape.options) {
          const before = problems.length;
          const result = read(node, option, path);
          if (problems.length === before) return result;
          problems.splice(before);
        }
        bad(`expected ${shape.describe}`, `set ${path} to ${shape.describe}`);
        return undefined;
      }
    }
  };
  const contents = doc.contents as Node | null;
  // An empty file is an empty mapping.
  const value = contents === null ? read(new (yaml().YAMLMap)(), schema, "") : read(contents, schema, "");
  return problems.length === 0 ? { value: value as T, raw: doc.toJS() ?? {}, problems } : { value: undefined, raw: undefined, problems };
}

/** The 1-based line and column of the node at path (a key's value, or a list item), for checks made after validation. */
export function locate(text: string, path: ReadonlyArray<string | number>): { line: number; col: number } {
  const lineCounter = new (yaml().LineCounter)();
  const doc = yaml().parseDocument(text, { lineCounter });
  for (let depth = path.length; depth >= 0; depth -= 1) {
    const node = doc.getIn(path.slice(0, depth), true) as Node | undefined;
    const offset = node?.range?.[0];
    if (offset !== undefined) return lineCounter.linePos(offset);
  }
  return { line: 1, col: 1 };
}

/** Problems as one error: a line each, file:line:col: key: what (fix). */
/** One problem as file:line:col: key: what (fix). */
export function problemLine(p: ConfigProblem, file: string): string {
  return `${file}:${p.line}:${p.col}: ${p.key}: ${p.message} (${p.fix})`;
}

export function problemsError(problems: readonly ConfigProblem[], file: string): AgentmuxError {
  const lines = problems.map((p) => problemLine(p, file));
  return new AgentmuxError(lines.join("\n"), { hint: "see etc/config.example.yml for every option", exitCode: EXIT.usage });
}
