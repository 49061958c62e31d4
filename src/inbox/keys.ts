import { parseKeys, type Key } from "../switcher/input.ts";

/** A key of the inbox popup: the switcher's keys, and a newline for the reply editor. */
export type InboxKey = Key | { kind: "newline" };

/**
 * The newline keys of the reply editor: Ctrl-J (a raw line feed; Enter sends a carriage return)
 * and Alt-Enter (ESC then a carriage return). Everything else is read as the switcher reads it.
 */
const NEWLINE = /\n|\x1b\r/;

/** Split one read from the terminal (raw mode) into keys. */
export function parseInboxKeys(data: string): InboxKey[] {
  const keys: InboxKey[] = [];
  let rest = data;
  for (let m = NEWLINE.exec(rest); m; m = NEWLINE.exec(rest)) {
    keys.push(...parseKeys(rest.slice(0, m.index)), { kind: "newline" });
    rest = rest.slice(m.index + m[0].length);
  }
  keys.push(...parseKeys(rest));
  return keys;
}
