/** A small declarative schema for config.yml: enough to validate and to name what was expected. */
export type Schema =
  | { kind: "string"; describe?: string }
  | { kind: "boolean" }
  | { kind: "number"; min?: number; max?: number }
  | { kind: "enum"; values: readonly string[] }
  | { kind: "array"; of: Schema }
  | { kind: "object"; fields: Record<string, Schema>; required?: readonly string[]; open?: boolean }
  | { kind: "map"; keys?: readonly string[]; of: Schema }
  | { kind: "oneOf"; options: Schema[]; describe: string };

export const str = (describe?: string): Schema => (describe ? { kind: "string", describe } : { kind: "string" });
export const bool: Schema = { kind: "boolean" };
export const num = (min?: number, max?: number): Schema => ({ kind: "number", ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) });
export const oneOfValues = (values: readonly string[]): Schema => ({ kind: "enum", values });
export const list = (of: Schema): Schema => ({ kind: "array", of });
/** A mapping with these keys; `required` keys must be present; `open` lets any other key through unchecked. */
export const obj = (fields: Record<string, Schema>, options: { required?: readonly string[]; open?: boolean } = {}): Schema => ({ kind: "object", fields, ...options });
export const dict = (of: Schema, keys?: readonly string[]): Schema => (keys ? { kind: "map", keys, of } : { kind: "map", of });

/** Words for "expected ..." in an error. */
export function expected(schema: Schema): string {
  switch (schema.kind) {
    case "string": return schema.describe ?? "a string";
    case "boolean": return "true or false";
    case "number":
      if (schema.min !== undefined && schema.max !== undefined) return `a number from ${schema.min} to ${schema.max}`;
      if (schema.min !== undefined) return `a number >= ${schema.min}`;
      return schema.max !== undefined ? `a number <= ${schema.max}` : "a finite number";
    case "enum": return `one of ${schema.values.join(", ")}`;
    case "array": return `a list of ${expected(schema.of).replace(/^an? /, "")}s`;
    case "object": return `a mapping with keys ${Object.keys(schema.fields).join(", ")}`;
    case "map": return schema.keys ? `a mapping with keys among ${schema.keys.join(", ")}` : "a mapping";
    case "oneOf": return schema.describe;
  }
}
