/** Keys read from a terminal in raw mode, as the switcher understands them. */
export type Key =
  | { kind: "char"; ch: string }
  | { kind: "up" | "down" | "enter" | "escape" | "backspace" | "interrupt" | "clear" | "home" | "end" | "tab" };

const SEQUENCES: Record<string, Key["kind"]> = {
  "\x1b[A": "up", "\x1bOA": "up", "\x1b[B": "down", "\x1bOB": "down",
  "\x1b[H": "home", "\x1bOH": "home", "\x1b[1~": "home", "\x1b[F": "end", "\x1bOF": "end", "\x1b[4~": "end",
};

const CONTROLS: Record<string, Key["kind"]> = {
  "\r": "enter", "\n": "enter", "\x7f": "backspace", "\b": "backspace", "\x03": "interrupt",
  "\x15": "clear", "\x0e": "down", "\x10": "up", "\x07": "escape", "\t": "tab",
};

/** Split one read into keys. A lone ESC is Escape; other escape sequences not listed are dropped. */
export function parseKeys(data: string): Key[] {
  const keys: Key[] = [];
  let i = 0;
  while (i < data.length) {
    const c = data[i] as string;
    if (c === "\x1b") {
      const seq = /^\x1b(?:\[[0-?]*[ -/]*[@-~]|O[@-~])/.exec(data.slice(i))?.[0];
      if (seq) {
        const kind = SEQUENCES[seq];
        if (kind) keys.push({ kind } as Key);
        i += seq.length;
      } else {
        keys.push({ kind: "escape" });
        i += 1;
      }
      continue;
    }
    const control = CONTROLS[c];
    if (control) keys.push({ kind: control } as Key);
    else if (c >= " ") {
      const cp = data.codePointAt(i) ?? 0;
      const ch = String.fromCodePoint(cp);
      keys.push({ kind: "char", ch });
      i += ch.length;
      continue;
    }
    i += 1;
  }
  return keys;
}
