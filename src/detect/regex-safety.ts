/**
 * A structural check for regexes that can backtrack catastrophically (a screen is matched many
 * times a second; `^(a+)+$` against a line of 30 a's and a b takes minutes). The heuristic, on the
 * regex source:
 *  1. nested quantifiers: a group repeated without bound (`*`, `+`, `{n,}`, or `{n,m}` with m > 10)
 *     that contains a quantifier repeating without bound: `(a+)+`, `(a*)*`, `(?:x\s*)+`, `((ab)+c)*`;
 *  2. overlapping alternatives: a group repeated without bound whose alternatives can begin with
 *     the same atom (the same character, class or escape, or `.`), or one of which is empty:
 *     `(a|a)+`, `(a|ab)*`, `(.|x)+`, `(|a)+`.
 * Bounded repeats (`?`, `{2}`, `{1,3}`) and quantifiers outside repeated groups are fine. It can
 * refuse a regex that is in fact safe (`(\d+,)+` is caught by rule 1): rewriting without the nesting
 * (`[\d,]+`) is always possible for what screen rules look for.
 */

interface Quant { min: number; max: number }
interface Item { atom: string; group: Item[][] | null; quant: Quant | null }

const UNBOUNDED_AFTER = 10;

/** Why this regex source can backtrack catastrophically, or null when the heuristic finds nothing. */
export function backtrackingRisk(source: string): string | null {
  let risk: string | null = null;
  const visit = (alternatives: Item[][]): void => {
    for (const seq of alternatives) {
      for (const item of seq) {
        if (risk || !item.group) continue;
        if (repeats(item.quant)) {
          const inner = innerRepeat(item.group);
          if (inner) { risk = `nested quantifier: ${item.atom}${quantText(item.quant)} repeats ${inner}, which repeats itself`; return; }
          const overlap = overlapping(item.group);
          if (overlap) { risk = `alternatives that can match the same text repeated: ${item.atom}${quantText(item.quant)} (${overlap})`; return; }
        }
        visit(item.group);
      }
    }
  };
  try {
    visit(new Parser(source).alternatives());
  } catch {
    return null;
  }
  return risk;
}

function repeats(q: Quant | null): boolean {
  return q !== null && q.max > UNBOUNDED_AFTER;
}

function quantText(q: Quant | null): string {
  if (!q) return "";
  if (q.max === Infinity) return q.min === 0 ? "*" : q.min === 1 ? "+" : `{${q.min},}`;
  return `{${q.min},${q.max}}`;
}

/** The first item (at any depth) repeated without bound, as its source text. */
function innerRepeat(alternatives: Item[][]): string | null {
  for (const seq of alternatives) {
    for (const item of seq) {
      if (repeats(item.quant)) return `${item.atom}${quantText(item.quant)}`;
      const deeper = item.group ? innerRepeat(item.group) : null;
      if (deeper) return deeper;
    }
  }
  return null;
}

/** The atom an alternative begins with ("" when it can match nothing); a group's first alternative's. */
function firstAtom(seq: Item[]): string {
  const first = seq.find((item) => !(item.group && item.atom.startsWith("(?") && /^\(\?<?[=!]/.test(item.atom)));
  if (!first) return "";
  if (first.group) return first.group.length === 1 ? firstAtom(first.group[0] ?? []) : first.atom;
  return first.atom;
}

function overlapping(alternatives: Item[][]): string | null {
  if (alternatives.length < 2) return null;
  const starts = alternatives.map(firstAtom);
  if (starts.includes("")) return "one alternative is empty";
  if (starts.includes(".")) return "one alternative begins with '.', which matches what the others begin with";
  const seen = new Set<string>();
  for (const s of starts) {
    if (seen.has(s)) return `two alternatives begin with ${s}`;
    seen.add(s);
  }
  return null;
}

/** A small recursive-descent reader of JavaScript regex syntax: atoms, groups, alternation, quantifiers. */
class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  alternatives(): Item[][] {
    const alts: Item[][] = [this.sequence()];
    while (this.s[this.i] === "|") { this.i++; alts.push(this.sequence()); }
    return alts;
  }

  private sequence(): Item[] {
    const items: Item[] = [];
    while (this.i < this.s.length && this.s[this.i] !== "|" && this.s[this.i] !== ")") {
      const start = this.i;
      const group = this.atom();
      const atom = this.s.slice(start, this.i);
      items.push({ atom, group, quant: this.quantifier() });
    }
    return items;
  }

  private atom(): Item[][] | null {
    const c = this.s[this.i];
    if (c === "\\") { this.i += this.s[this.i + 1] === "u" && this.s[this.i + 2] === "{" ? this.s.indexOf("}", this.i) + 1 - this.i : 2; return null; }
    if (c === "[") {
      this.i++;
      if (this.s[this.i] === "^") this.i++;
      if (this.s[this.i] === "]") this.i++;
      while (this.i < this.s.length && this.s[this.i] !== "]") this.i += this.s[this.i] === "\\" ? 2 : 1;
      this.i++;
      return null;
    }
    if (c === "(") {
      this.i++;
      if (this.s[this.i] === "?") {
        const m = /^\?(?::|=|!|<=|<!|<[^>]+>)/.exec(this.s.slice(this.i));
        this.i += m ? m[0].length : 1;
      }
      const inner = this.alternatives();
      if (this.s[this.i] !== ")") throw new Error("unbalanced");
      this.i++;
      return inner;
    }
    this.i += c !== undefined && c.codePointAt(0)! > 0xffff ? 2 : 1;
    return null;
  }

  private quantifier(): Quant | null {
    const c = this.s[this.i];
    let q: Quant | null = null;
    if (c === "*") q = { min: 0, max: Infinity };
    else if (c === "+") q = { min: 1, max: Infinity };
    else if (c === "?") q = { min: 0, max: 1 };
    if (q) this.i++;
    else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.s.slice(this.i));
      if (!m) return null;
      this.i += m[0].length;
      const min = Number(m[1]);
      q = { min, max: m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]) };
    }
    if (q && this.s[this.i] === "?") this.i++;
    return q;
  }
}
