import { sgr } from "../util/color.ts";
import { AgentmuxError } from "../util/errors.ts";
import { displayWidth, pad, truncate } from "../util/width.ts";
import { parseKeys, type Key } from "./input.ts";
import { takeTerminal } from "../util/terminal.ts";

/** One line of a one-question picker: a heading, or an answer with its details. */
export type ChoiceLine =
  | { kind: "header"; label: string }
  | { kind: "item"; value: string; label: string; detail?: string; /** Shown dim (stale, logged out). */ dim?: boolean; /** The current answer ("●"). */ current?: boolean;
    /** Shown dim and cannot be chosen (Enter and its digit do nothing): a logged-out account a restart would refuse. */ disabled?: boolean };

type Item = Extract<ChoiceLine, { kind: "item" }>;

export type ChoiceOutcome = { kind: "stay"; cursor: number } | { kind: "chosen"; value: string } | { kind: "cancel" };

const itemsOf = (lines: readonly ChoiceLine[]): Item[] => lines.filter((l): l is Item => l.kind === "item");

/** Where the highlight starts: on the current answer, else the first. */
export function initialCursor(lines: readonly ChoiceLine[]): number {
  return Math.max(0, itemsOf(lines).findIndex((i) => i.current));
}

/** Pure: a key against the picker (cursor indexes the answers, headings skipped). 1–9 choose at once. */
export function pressChoice(lines: readonly ChoiceLine[], cursor: number, key: Key): ChoiceOutcome {
  const items = itemsOf(lines);
  const count = items.length;
  if (key.kind === "interrupt" || key.kind === "escape" || count === 0) return { kind: "cancel" };
  const at = (i: number): ChoiceOutcome => ({ kind: "stay", cursor: (i + count) % count });
  const pick = (item: Item): ChoiceOutcome => (item.disabled ? { kind: "stay", cursor } : { kind: "chosen", value: item.value });
  switch (key.kind) {
    case "up": return at(cursor - 1);
    case "down": return at(cursor + 1);
    case "home": return at(0);
    case "end": return at(count - 1);
    case "enter": return pick(items[cursor] as Item);
    case "char": {
      if (key.ch === "q") return { kind: "cancel" };
      if (key.ch === "k") return at(cursor - 1);
      if (key.ch === "j") return at(cursor + 1);
      const n = Number(key.ch);
      if (Number.isInteger(n) && n >= 1 && n <= Math.min(9, count)) return pick(items[n - 1] as Item);
      return { kind: "stay", cursor };
    }
    default: return { kind: "stay", cursor };
  }
}


/** Pure: the picker's lines: the question, the answers (numbered, the highlighted one marked ›) around the cursor, the key help. */
export function choiceFrame(question: string, lines: readonly ChoiceLine[], cursor: number, size: { width: number; height: number }): string[] {
  const width = Math.max(20, size.width - 1);
  const labelWidth = Math.max(0, ...itemsOf(lines).map((i) => displayWidth(i.label)));
  let n = 0;
  const body = lines.map((line) => {
    if (line.kind === "header") return { text: ` ${sgr("1;4", truncate(line.label, width - 1))}`, index: -1 };
    const index = n++;
    const selected = index === cursor;
    const key = index < 9 ? String(index + 1) : " ";
    const head = `${selected ? sgr("1", "›") : " "}${sgr("2", key)} ${line.current ? "●" : " "} `;
    const label = pad(line.label, labelWidth);
    const detail = line.detail ? `  ${line.detail}` : "";
    const text = truncate(`${label}${detail}`, width - 5);
    return { text: head + sgr(line.disabled ? "2" : selected ? "1" : line.dim ? "2" : "", text), index };
  });
  const room = Math.max(1, size.height - 4);
  const row = Math.max(0, body.findIndex((b) => b.index === cursor));
  const top = Math.max(0, Math.min(row - room + 1, body.length - room));
  const visible = body.slice(top, top + room).map((b) => b.text);
  return [` ${sgr("1", truncate(question, width - 1))}`, "", ...visible, "", ` ${sgr("2", truncate("↑↓ move · ⏎ or 1-9 choose · esc cancel", width - 1))}`];
}

export interface ChooseOptions {
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
}

/**
 * Ask one question in the terminal (raw mode, the alternate screen): resolves with the chosen
 * value, or null when dismissed (Escape, q, Ctrl-C).
 */
export async function choose(question: string, lines: readonly ChoiceLine[], options: ChooseOptions = {}): Promise<string | null> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  if (!stdin.isTTY) throw new AgentmuxError("choosing needs a terminal", { hint: "pass the answer as an argument" });
  let cursor = initialCursor(lines);
  const draw = () => stdout.write(`\x1b[H${choiceFrame(question, lines, cursor, { width: stdout.columns || 80, height: stdout.rows || 24 }).map((l) => `${l}\x1b[K`).join("\r\n")}\x1b[J`);
  const giveBack = takeTerminal(stdin, stdout, { alternate: true });
  draw();
  return new Promise<string | null>((resolve) => {
    const finish = (value: string | null) => {
      stdin.off("data", onData);
      stdout.off("resize", draw);
      giveBack();
      resolve(value);
    };
    const onData = (data: string) => {
      for (const key of parseKeys(data)) {
        const outcome = pressChoice(lines, cursor, key);
        if (outcome.kind === "cancel") return finish(null);
        if (outcome.kind === "chosen") return finish(outcome.value);
        cursor = outcome.cursor;
      }
      draw();
    };
    stdin.on("data", onData);
    stdout.on("resize", draw);
  });
}
