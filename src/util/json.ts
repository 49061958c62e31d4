export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON with object keys sorted, so two values compare equal whatever their key order. */
/** One line of a JSON-lines file as an object; null for a line that is not JSON or not an object. */
export function parseJsonLine(line: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(line);
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}

export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The indentation a JSON file already uses (its first indented line), so rewriting it keeps its look. */
export function detectIndent(text: string): string {
  return /^[ \t]+(?=["}\]])/m.exec(text)?.[0] ?? "  ";
}

/** Where JSON.parse failed, as `:line:column` (1-based), or "" when its message has no position. */
export function jsonErrorPlace(text: string, error: unknown): string {
  const position = /at position (\d+)/.exec(error instanceof Error ? error.message : "")?.[1];
  if (position === undefined) return "";
  const before = text.slice(0, Number(position)).split("\n");
  return `:${before.length}:${(before[before.length - 1] ?? "").length + 1}`;
}
