/**
 * The keys an agent may press in another session through MCP: the names `agentmux keys` documents
 * (Escape, Enter, Tab, BTab, Up, C-c, y, n, 1 ...) and their kin, and one printable character at a
 * time. Nothing else: a tmux key table name or a long string is not a key (text goes through
 * send_message).
 */
export const NAMED_KEYS = [
  "Enter", "Escape", "Tab", "BTab", "Space", "BSpace",
  "Up", "Down", "Left", "Right", "Home", "End", "PageUp", "PageDown",
  "C-c", "C-d", "C-l", "C-o", "C-r", "C-t", "C-u",
] as const;

const NAMED: ReadonlySet<string> = new Set(NAMED_KEYS);

/** One key an agent may press: a name of NAMED_KEYS, or a single letter, digit or punctuation mark. */
export function isAllowedKey(key: string): boolean {
  return NAMED.has(key) || /^[\x21-\x7e]$/.test(key);
}
