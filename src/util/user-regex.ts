import { createRequire } from "node:module";
import type * as Re2js from "re2js";

/**
 * A regular expression someone else wrote (a manifest rule, a watch pattern, a config regex),
 * matched by RE2's linear-time engine (the re2js package): no pattern can backtrack
 * catastrophically, `(\w|\d)+$` on a line of 40 digits and a `!` included. Test and exec are
 * RegExp's, for one line at a time; RE2's syntax (https://github.com/google/re2/wiki/Syntax): no
 * lookahead, no backreferences, `\x{a0}` for a code point, `\w`, `\d` and `\b` ASCII, save that
 * `\s` keeps JavaScript's meaning (jsWhitespace).
 */
export interface UserRegex {
  readonly source: string;
  test(text: string): boolean;
  /** The match and its groups (an unmatched group undefined), or null. */
  exec(text: string): ReadonlyArray<string | undefined> | null;
}

/** A pattern RE2 cannot compile: `message` says what and where (the construct, quoted), `fix` how to write it. */
export class UserRegexError extends Error {
  readonly fix: string;

  constructor(message: string, fix: string) {
    super(message);
    this.name = "UserRegexError";
    this.fix = fix;
  }
}

const SYNTAX = "write an RE2 regular expression: no lookahead or backreferences, \\x{a0} for a code point, a backslash before ( ) [ ] { } . * + ? | to match it";

let engine: typeof Re2js | undefined;

// re2js is loaded the first time a pattern is compiled (a require, not an import: a key-bound verb
// that never matches a screen never pays for it, bench P9; esbuild leaves such a require alone).
function re2(): typeof Re2js {
  engine ??= createRequire(import.meta.url)("re2js") as typeof Re2js;
  return engine;
}

// JavaScript's \s beyond RE2's [\t\n\f\r ]: \v and the Unicode spaces, the no-break space above all,
// which terminal programs draw (Claude Code's "❯\u00a0" prompt, "⎿\u00a0\u00a0Interrupted").
const JS_SPACES = "\\x{0b}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}";

/**
 * Pure: the pattern with \s (and \S outside a class) widened to JavaScript's whitespace, so a rule
 * written and tested against JavaScript's \s matches the same lines. \S inside a class keeps RE2's.
 */
export function jsWhitespace(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      i++;
      if (next === "s") out += inClass ? `\\s${JS_SPACES}` : `[\\s${JS_SPACES}]`;
      else if (next === "S" && !inClass) out += `[^\\s${JS_SPACES}]`;
      else if (next === "Q") {
        // \Q…\E is literal text: copied as it is.
        const end = source.indexOf("\\E", i + 1);
        const stop = end === -1 ? source.length : end + 2;
        out += source.slice(i - 1, stop);
        i = stop - 1;
      } else out += c + next;
    } else if (!inClass && c === "[") {
      inClass = true;
      out += c;
      // A ] right after [ or [^ is a member.
      if (source[i + 1] === "^") out += source[++i];
      if (source[i + 1] === "]") out += source[++i];
    } else if (inClass && c === "[" && source[i + 1] === ":") {
      const end = source.indexOf(":]", i + 2);
      const stop = end === -1 ? i + 1 : end + 2;
      out += source.slice(i, stop);
      i = stop - 1;
    } else {
      if (inClass && c === "]") inClass = false;
      out += c;
    }
  }
  return out;
}

/** What RE2 said, in words a user can act on. */
export function explainRe2Error(raw: string): UserRegexError {
  const message = raw.replace(/^error parsing regexp: /, "");
  const quoted = /`([^`]*)`/.exec(message)?.[1] ?? "";
  if (/unsupported Perl syntax/.test(message) && /^\(\?[=!]/.test(quoted)) {
    return new UserRegexError(`lookahead ${quoted.slice(0, 3)}…) is not supported: ${message}`, "RE2 matches in linear time and has no lookahead: match the text itself, or split the rule with not:");
  }
  if (/unsupported Perl syntax/.test(message) && quoted.startsWith("(?>")) {
    return new UserRegexError(`atomic groups (?>…) are not supported: ${message}`, "RE2 never backtracks: write the group without ?>");
  }
  if (/invalid escape sequence/.test(message) && /^\\[1-9k]/.test(quoted)) {
    return new UserRegexError(`backreferences (${quoted}) are not supported: ${message}`, "RE2 matches in linear time and has no backreferences: match the repeated text itself");
  }
  if (/invalid escape sequence/.test(message) && quoted === "\\u") {
    return new UserRegexError(`\\u escapes are not RE2: ${message}`, "write a code point as \\x{00a0} (or \\x{1F600})");
  }
  return new UserRegexError(message, SYNTAX);
}

/**
 * Pure: the longest run of text every match of the pattern contains (a prefilter: a line without it
 * cannot match, and is not handed to the engine), or "" when none can be told safely. Read at the
 * top level only: an alternation there, flags (`(?i)`) or `\Q` give ""; a group, a class, an
 * escape that is not punctuation, `.`, `^` and `$` end a run; `?`, `*` and `{` take back the
 * character before them, `+` keeps it and ends the run.
 */
export function requiredLiteral(source: string): string {
  let best = "";
  let run = "";
  const end = () => { if (run.length > best.length) best = run; run = ""; };
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === "\\") {
      const next = source[++i] ?? "";
      if (next === "Q") return "";
      if (depth > 0) continue;
      if (/^[!-/:-@[-`{-~]$/.test(next)) run += next;
      else end();
      continue;
    }
    if (c === "[") {
      // A class: skipped to its end (a ] first, or after ^, is a member; [:name:] is one).
      end();
      if (source[i + 1] === "^") i++;
      if (source[i + 1] === "]") i++;
      for (i++; i < source.length && source[i] !== "]"; i++) {
        if (source[i] === "\\") i++;
        else if (source[i] === "[" && source[i + 1] === ":") { const close = source.indexOf(":]", i + 2); if (close !== -1) i = close + 1; }
      }
      continue;
    }
    if (c === "(") {
      if (source[i + 1] === "?" && /^[imsU-]$/.test(source[i + 2] ?? "")) return "";
      if (depth === 0) end();
      depth++;
      continue;
    }
    if (c === ")") { depth = Math.max(0, depth - 1); continue; }
    if (depth > 0) continue;
    if (c === "|") return "";
    if (c === "?" || c === "*" || c === "{") {
      // The character before (a whole code point: an emoji is two UTF-16 units) is optional.
      run = run.slice(0, /[\uDC00-\uDFFF]$/.test(run) ? -2 : -1);
      end();
      if (c === "{") { const close = source.indexOf("}", i); if (close === -1) return best; i = close; }
      continue;
    }
    if (c === "+") { end(); continue; }
    if (c === "." || c === "^" || c === "$") { end(); continue; }
    run += c;
  }
  end();
  return best;
}

/** Compile a pattern for RE2 (with RE2's linear-time lookbehind); throws UserRegexError naming the construct it cannot take. */
export function compileUserRegex(source: string): UserRegex {
  const { RE2JS } = re2();
  let compiled: Re2js.RE2JS;
  try {
    compiled = RE2JS.compile(jsWhitespace(source), RE2JS.LOOKBEHINDS);
  } catch (error) {
    // Said of the pattern as written, not as widened.
    try { RE2JS.compile(source, RE2JS.LOOKBEHINDS); } catch (own) { throw explainRe2Error((own as Error).message); }
    throw explainRe2Error((error as Error).message);
  }
  // A line without the text every match holds is not handed to the engine (most lines a look reads;
  // with none known, "", every line holds it).
  const literal = requiredLiteral(source);
  return {
    source,
    test: (text) => text.includes(literal) && compiled.test(text),
    exec: (text) => (text.includes(literal) ? compiled.exec(text) : null),
  };
}

/**
 * A pattern compiled on its first use, for patterns known to compile (the built-in manifests, which
 * a test compiles): loading them costs nothing until a screen is matched against them (compiling
 * all 130 built-in patterns for RE2 takes about 50 ms; a verb or the daemon uses a few manifests).
 */
export function lazyUserRegex(source: string): UserRegex {
  let compiled: UserRegex | undefined;
  const get = () => (compiled ??= compileUserRegex(source));
  return { source, test: (text) => get().test(text), exec: (text) => get().exec(text) };
}

/** The pattern compiled, or null where RE2 cannot compile it (the caller says nothing matched). */
export function userRegexOrNull(source: string): UserRegex | null {
  try {
    return compileUserRegex(source);
  } catch {
    return null;
  }
}
