/**
 * A small schema builder for YAML files (config.yml, manifests): one declaration gives the
 * TypeScript type (`Infer<typeof X>`), the defaults, the validation (with line and column, in
 * validate.ts) and the words for what was expected.
 *
 * A field of an obj() is optional (absent: left out), has a default (`.default(v)`: absent reads
 * as v), or is required (`.required()`: absent is an error). section() is an obj() whose absence
 * reads as an empty mapping, so its fields' defaults apply. `.map(f)` turns the validated value
 * into what the program uses (a path with ~ expanded, a normalised entry); a mapped value that is
 * undefined is left out.
 */
export type Shape =
  | { kind: "string"; describe?: string }
  | { kind: "boolean" }
  | { kind: "number"; min?: number; max?: number }
  | { kind: "enum"; values: readonly string[] }
  | { kind: "array"; of: Schema }
  | { kind: "object"; fields: Record<string, Schema>; open?: boolean }
  | { kind: "map"; keys?: readonly string[]; of: Schema }
  | { kind: "oneOf"; options: readonly Schema[]; describe: string };

/** optional: absent is left out; default: absent reads as the default; required: absent is an error. */
export type Presence = "optional" | "default" | "required";

export class Schema<T = unknown, P extends Presence = Presence> {
  /** Type-level only: what a valid value reads as, and whether a field may be absent. */
  declare readonly type: T;
  declare readonly presence: P;

  constructor(
    readonly shape: Shape,
    /** Makes the value an absent key reads as (a fresh one at each use). */
    readonly fallback?: () => unknown,
    readonly isRequired = false,
    readonly transform?: (value: never) => unknown,
  ) {}

  default(value: T): Schema<T, "default">;
  /** null: "not set" (annotationMaxWidth: fit the popup). */
  default(value: null): Schema<T | null, "default">;
  default(value: unknown): Schema<unknown, "default"> {
    return new Schema(this.shape, () => structuredClone(value), false, this.transform);
  }

  required(): Schema<T, "required"> {
    return new Schema(this.shape, undefined, true, this.transform);
  }

  /** Absent is left out, whatever the default was. */
  optional(): Schema<T, "optional"> {
    return new Schema(this.shape, undefined, false, this.transform);
  }

  /** The value as the program uses it; a default given before map() is dropped (give it after). */
  map<U>(f: (value: T) => U): Schema<U, P extends "default" ? "optional" : P> {
    const inner = this.transform as ((value: unknown) => unknown) | undefined;
    const composed = inner ? (value: unknown) => f(inner(value) as T) : f;
    return new Schema(this.shape, undefined, this.isRequired, composed as (value: never) => unknown);
  }
}

export type Infer<S> = S extends Schema<infer T, Presence> ? T : never;

type AnySchema = Schema<any, Presence>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Fields = Record<string, AnySchema>;
type Flat<T> = { [K in keyof T]: T[K] } & {};
type PresentKeys<F extends Fields> = { [K in keyof F]: F[K] extends Schema<unknown, "optional"> ? never : K }[keyof F];
export type InferFields<F extends Fields> = Flat<{ [K in PresentKeys<F>]: Infer<F[K]> } & { [K in Exclude<keyof F, PresentKeys<F>>]?: Infer<F[K]> }>;

export const str = (describe?: string): Schema<string, "optional"> => new Schema(describe ? { kind: "string", describe } : { kind: "string" });
export const bool: Schema<boolean, "optional"> = new Schema({ kind: "boolean" });
export const num = (min?: number, max?: number): Schema<number, "optional"> => new Schema({ kind: "number", ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) });
export const oneOfValues = <V extends string>(values: readonly V[]): Schema<V, "optional"> => new Schema({ kind: "enum", values });
export const list = <T>(of: Schema<T, Presence>): Schema<T[], "optional"> => new Schema({ kind: "array", of });
/** A mapping with these keys; `open` lets any other key through unchecked (and into the value). */
export function obj<F extends Fields>(fields: F): Schema<InferFields<F>, "optional">;
export function obj<F extends Fields>(fields: F, options: { open: true }): Schema<InferFields<F> & Record<string, unknown>, "optional">;
export function obj(fields: Fields, options: { open?: boolean } = {}): Schema<unknown, "optional"> {
  return new Schema({ kind: "object", fields, ...(options.open ? { open: true } : {}) });
}
/** An obj() whose absence reads as an empty mapping: its fields' defaults. */
export function section<F extends Fields>(fields: F): Schema<InferFields<F>, "default"> {
  const empty = () => Object.fromEntries(Object.entries(fields).flatMap(([k, s]) => (s.fallback ? [[k, s.fallback()]] : [])));
  return new Schema({ kind: "object", fields }, empty);
}
export const dict = <T, K extends string = string>(of: Schema<T, Presence>, keys?: readonly K[]): Schema<Partial<Record<K, T>>, "optional"> => new Schema(keys ? { kind: "map", keys, of } : { kind: "map", of });
export const oneOf = <O extends readonly AnySchema[]>(options: O, describe: string): Schema<Infer<O[number]>, "optional"> => new Schema({ kind: "oneOf", options, describe });

/** The value an absent key reads as (a fresh copy), or undefined. */
export function absent(schema: Schema): unknown {
  return schema.fallback?.();
}

/** Words for "expected ..." in an error. */
export function expected(schema: Schema): string {
  const s = schema.shape;
  switch (s.kind) {
    case "string": return s.describe ?? "a string";
    case "boolean": return "true or false";
    case "number":
      if (s.min !== undefined && s.max !== undefined) return `a number from ${s.min} to ${s.max}`;
      if (s.min !== undefined) return `a number >= ${s.min}`;
      return s.max !== undefined ? `a number <= ${s.max}` : "a finite number";
    case "enum": return `one of ${s.values.join(", ")}`;
    case "array": return `a list of ${plural(expected(s.of).replace(/^an? /, ""))}`;
    case "object": return `a mapping with keys ${Object.keys(s.fields).join(", ")}`;
    case "map": return s.keys ? `a mapping with keys among ${s.keys.join(", ")}` : "a mapping";
    case "oneOf": return s.describe;
  }
}

/** The plural of a description's last word ("directory" → "directories", "shell command" → "shell commands"). */
function plural(words: string): string {
  if (/[^aeiou]y$/.test(words)) return `${words.slice(0, -1)}ies`;
  return /(?:s|x|z|ch|sh)$/.test(words) ? `${words}es` : `${words}s`;
}
