/**
 * Just enough TOML to edit a few entries of Codex's config.toml as text, so the user's comments,
 * order and formatting stay exactly as they were.
 */

/** A table header, or a key = value line, with offsets into the text. */
export type TomlEntry =
  | { kind: "header"; keys: string[]; array: boolean; start: number; end: number }
  | { kind: "value"; table: string[]; keys: string[]; start: number; valueStart: number; valueEnd: number; end: number };

export class TomlScanError extends Error {}

/** A TOML basic string. */
export function tomlString(value: string): string {
  return JSON.stringify(value).replace(/\x7f/g, "\\u007f");
}

const BARE = /[A-Za-z0-9_-]/;

function decodeBasic(raw: string): string {
  // TOML's \UXXXXXXXX and \e are not JSON; the rest of its escapes are.
  const json = raw.replace(/\\U([0-9A-Fa-f]{8})/g, (_, hex: string) => JSON.stringify(String.fromCodePoint(parseInt(hex, 16))).slice(1, -1))
    .replace(/\\e/g, "\\u001b");
  return JSON.parse(json) as string;
}

class Scanner {
  pos = 0;
  constructor(readonly text: string) {}

  fail(what: string): never {
    const line = this.text.slice(0, this.pos).split("\n").length;
    throw new TomlScanError(`line ${line}: ${what}`);
  }

  peek(n = 1): string {
    return this.text.slice(this.pos, this.pos + n);
  }

  skipSpace(newlines: boolean): void {
    while (this.pos < this.text.length) {
      const c = this.text[this.pos] as string;
      if (c === " " || c === "\t" || c === "\r" || (newlines && c === "\n")) this.pos += 1;
      else if (c === "#") while (this.pos < this.text.length && this.text[this.pos] !== "\n") this.pos += 1;
      else break;
    }
  }

  /** One string token; returns its value (multi-line strings are skipped, not decoded). */
  string(): string {
    const quote = this.peek();
    const triple = this.peek(3) === quote.repeat(3);
    if (triple) {
      const close = this.text.indexOf(quote.repeat(3), this.pos + 3);
      if (close < 0) this.fail("unterminated multi-line string");
      let end = close + 3;
      while (this.text[end] === quote) end += 1; // up to two quotes may end the content
      const value = this.text.slice(this.pos + 3, end - 3);
      this.pos = end;
      return value;
    }
    let i = this.pos + 1;
    while (i < this.text.length && this.text[i] !== quote && this.text[i] !== "\n") i += quote === '"' && this.text[i] === "\\" ? 2 : 1;
    if (this.text[i] !== quote) this.fail("unterminated string");
    const raw = this.text.slice(this.pos, i + 1);
    this.pos = i + 1;
    if (quote === "'") return raw.slice(1, -1);
    try {
      return decodeBasic(raw);
    } catch {
      return this.fail(`bad escape in ${raw}`);
    }
  }

  key(): string[] {
    const keys: string[] = [];
    for (;;) {
      this.skipSpace(false);
      const c = this.peek();
      if (c === '"' || c === "'") {
        keys.push(this.string());
      } else {
        const start = this.pos;
        while (this.pos < this.text.length && BARE.test(this.text[this.pos] as string)) this.pos += 1;
        if (this.pos === start) this.fail("expected a key");
        keys.push(this.text.slice(start, this.pos));
      }
      this.skipSpace(false);
      if (this.peek() !== ".") return keys;
      this.pos += 1;
    }
  }

  /** Skip one value: a string, an array or inline table (nested, across lines), or a bare scalar. */
  value(): void {
    const c = this.peek();
    if (c === '"' || c === "'") {
      this.string();
    } else if (c === "[" || c === "{") {
      const close = c === "[" ? "]" : "}";
      this.pos += 1;
      for (;;) {
        this.skipSpace(true);
        if (this.pos >= this.text.length) this.fail(`unterminated ${c}`);
        if (this.peek() === close) break;
        if (this.peek() === ",") {
          this.pos += 1;
          continue;
        }
        if (c === "{") {
          this.key();
          if (this.peek() !== "=") this.fail("expected = in an inline table");
          this.pos += 1;
          this.skipSpace(false);
        }
        this.value();
      }
      this.pos += 1;
    } else {
      const start = this.pos;
      while (this.pos < this.text.length && !/[\n#,\]}]/.test(this.text[this.pos] as string)) this.pos += 1;
      while (this.pos > start && /[ \t\r]/.test(this.text[this.pos - 1] as string)) this.pos -= 1;
      if (this.pos === start) this.fail("expected a value");
    }
  }

  lineEnd(): number {
    this.skipSpace(false);
    if (this.pos < this.text.length && this.text[this.pos] !== "\n") this.fail("expected the end of the line");
    return Math.min(this.pos + 1, this.text.length);
  }
}

/** Every table header and key = value of a TOML document, in order. Throws TomlScanError. */
export function scanToml(text: string): TomlEntry[] {
  const s = new Scanner(text);
  const entries: TomlEntry[] = [];
  let table: string[] = [];
  for (;;) {
    s.skipSpace(true);
    if (s.pos >= text.length) return entries;
    const start = s.pos;
    if (s.peek() === "[") {
      const array = s.peek(2) === "[[";
      s.pos += array ? 2 : 1;
      const keys = s.key();
      if (s.peek(array ? 2 : 1) !== (array ? "]]" : "]")) s.fail("expected ] after a table name");
      s.pos += array ? 2 : 1;
      table = keys;
      entries.push({ kind: "header", keys, array, start, end: s.lineEnd() });
    } else {
      const keys = s.key();
      if (s.peek() !== "=") s.fail("expected = after a key");
      s.pos += 1;
      s.skipSpace(false);
      const valueStart = s.pos;
      s.value();
      const valueEnd = s.pos;
      entries.push({ kind: "value", table, keys, start, valueStart, valueEnd, end: s.lineEnd() });
    }
  }
}

/** The strings of a TOML array of strings, or null when the value is something else. */
export function parseStringArray(value: string): string[] | null {
  const s = new Scanner(value);
  if (s.peek() !== "[") return null;
  s.pos += 1;
  const items: string[] = [];
  try {
    for (;;) {
      s.skipSpace(true);
      const c = s.peek();
      if (c === "]") return s.pos + 1 === value.length ? items : null;
      if (c === ",") {
        s.pos += 1;
        continue;
      }
      if ((c !== '"' && c !== "'") || s.peek(3) === c.repeat(3)) return null;
      items.push(s.string());
    }
  } catch {
    return null;
  }
}

export function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}
