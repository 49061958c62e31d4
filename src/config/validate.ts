import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import { expected, type Schema } from "./schema.ts";
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
  if (schema.kind === "object" || schema.kind === "map") return "map";
  return schema.kind === "array" ? "seq" : "other";
}

/** Parse YAML text and check it against the schema; problems carry 1-based line and column. */
export function validateYaml(text: string, schema: Schema): { value: unknown; problems: ConfigProblem[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const problems: ConfigProblem[] = [];
  const at = (offset: number | undefined) => {
    const pos = lineCounter.linePos(offset ?? 0);
    return { line: pos.line, col: pos.col };
  };
  for (const error of doc.errors) {
    problems.push({ ...at(error.pos[0]), key: "(syntax)", message: error.message.split("\n")[0] ?? "invalid YAML", fix: "fix the YAML syntax" });
  }
  if (problems.length > 0) return { value: undefined, problems };
  if (doc.contents === null) return { value: {}, problems };

  const check = (node: Node | null, s: Schema, path: string): void => {
    const where = at(node?.range?.[0]);
    const bad = (message: string, fix: string) => problems.push({ ...where, key: path || "(top level)", message, fix });
    const value = isScalar(node) ? node.value : undefined;
    switch (s.kind) {
      case "string":
        if (typeof value !== "string") bad(`expected ${expected(s)}`, `set ${path} to ${expected(s)}`);
        return;
      case "boolean":
        if (typeof value !== "boolean") bad(`expected true or false`, `set ${path} to true or false`);
        return;
      case "number":
        // YAML reads 1e400 as Infinity and .nan as NaN: no option means either.
        if (typeof value !== "number" || !Number.isFinite(value) || (s.min !== undefined && value < s.min) || (s.max !== undefined && value > s.max)) {
          bad(`expected ${expected(s)}`, `set ${path} to ${expected(s)}`);
        }
        return;
      case "enum":
        if (typeof value !== "string" || !s.values.includes(value)) {
          const hint = typeof value === "string" ? closest(value, s.values) : undefined;
          bad(`"${String(value)}" is not ${expected(s)}`, hint ? `did you mean ${hint}?` : `use ${expected(s)}`);
        }
        return;
      case "array":
        if (!isSeq(node)) { bad(`expected ${expected(s)}`, `write ${path} as a YAML list`); return; }
        node.items.forEach((item, i) => check(item as Node, s.of, `${path}[${i}]`));
        return;
      case "object":
      case "map": {
        if (!isMap(node)) { bad(`expected ${expected(s)}`, `write ${path || "the file"} as a YAML mapping`); return; }
        const allowed = s.kind === "object" ? (s.open ? undefined : Object.keys(s.fields)) : s.keys;
        for (const pair of node.items) {
          const keyNode = pair.key as Node;
          const key = isScalar(keyNode) ? String(keyNode.value) : "?";
          const sub = path ? `${path}.${key}` : key;
          if (allowed && !allowed.includes(key)) {
            const hint = closest(key, allowed);
            problems.push({ ...at(keyNode?.range?.[0]), key: sub, message: `unknown key "${key}"`, fix: hint ? `did you mean ${hint}?` : `allowed here: ${allowed.join(", ")}` });
            continue;
          }
          const childSchema = s.kind === "object" ? s.fields[key] : s.of;
          if (childSchema) check(pair.value as Node, childSchema, sub);
        }
        if (s.kind === "object") {
          const present = new Set(node.items.map((pair) => (isScalar(pair.key) ? String(pair.key.value) : "?")));
          for (const key of s.required ?? []) {
            const field = s.fields[key];
            if (!present.has(key)) bad(`missing key "${key}"`, `add ${key}: ${field ? expected(field) : "a value"}`);
          }
        }
        return;
      }
      case "oneOf": {
        // When only one option takes a mapping (or a list), its own problems (a missing key) say more.
        const shaped = isMap(node) || isSeq(node) ? s.options.filter((o) => shapeOf(o) === (isMap(node) ? "map" : "seq")) : [];
        if (shaped.length === 1 && s.options.length > 1) { check(node, shaped[0] as Schema, path); return; }
        for (const option of s.options) {
          const before = problems.length;
          check(node, option, path);
          if (problems.length === before) return;
          problems.splice(before);
        }
        bad(`expected ${s.describe}`, `set ${path} to ${s.describe}`);
        return;
      }
    }
  };
  check(doc.contents as Node, schema, "");
  return { value: problems.length === 0 ? doc.toJS() : undefined, problems };
}

/** The 1-based line and column of the node at path (a key's value, or a list item), for checks made after validation. */
export function locate(text: string, path: ReadonlyArray<string | number>): { line: number; col: number } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  for (let depth = path.length; depth >= 0; depth -= 1) {
    const node = doc.getIn(path.slice(0, depth), true) as Node | undefined;
    const offset = node?.range?.[0];
    if (offset !== undefined) return lineCounter.linePos(offset);
  }
  return { line: 1, col: 1 };
}

/** Problems as one error: a line each, file:line:col: key: what (fix). */
export function problemsError(problems: readonly ConfigProblem[], file: string): AgentmuxError {
  const lines = problems.map((p) => `${file}:${p.line}:${p.col}: ${p.key}: ${p.message} (${p.fix})`);
  return new AgentmuxError(lines.join("\n"), { hint: "see etc/config.example.yml for every option", exitCode: EXIT.usage });
}
