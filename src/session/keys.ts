/**
 * Switcher keys: home row first, then the other letters and the digits. q (quit) and / (filter)
 * are never handed out. A session keeps its key (pane option @agentmux-key) for its whole life.
 */
export const KEY_SEQUENCE = [..."asdfghjkl;", ..."wertyuiop", ..."zxcvbnm", ..."1234567890"] as const;

export const KEY_OPTION = "@agentmux-key";

export interface Keyed { pane: string; key: string }

/** Pane ids in creation order: %2 before %10. */
export function paneNumber(pane: string): number {
  const n = Number(pane.replace(/^%/, ""));
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
}

export function keyRank(key: string): number {
  const i = (KEY_SEQUENCE as readonly string[]).indexOf(key);
  return i === -1 ? KEY_SEQUENCE.length : i;
}

/**
 * Give every session a key. A session that holds a valid key keeps it (the older pane wins a
 * duplicate); the others take the first free key, oldest pane first. Answers every pane's key
 * ("" once the keys run out) and the new assignments to store.
 */
export function assignKeys(sessions: readonly Keyed[]): { keys: Map<string, string>; assigned: Map<string, string> } {
  const ordered = [...sessions].sort((a, b) => paneNumber(a.pane) - paneNumber(b.pane));
  const keys = new Map<string, string>();
  const taken = new Set<string>();
  const waiting: string[] = [];
  for (const s of ordered) {
    if (keyRank(s.key) < KEY_SEQUENCE.length && !taken.has(s.key)) {
      keys.set(s.pane, s.key);
      taken.add(s.key);
    } else {
      waiting.push(s.pane);
    }
  }
  const assigned = new Map<string, string>();
  const free = KEY_SEQUENCE.filter((k) => !taken.has(k));
  for (const pane of waiting) {
    const key = free.shift() ?? "";
    keys.set(pane, key);
    if (key !== "") assigned.set(pane, key);
  }
  return { keys, assigned };
}

/** Key order, sessions without a key last (oldest first). */
export function byKey<T extends Keyed>(a: T, b: T): number {
  return keyRank(a.key) - keyRank(b.key) || paneNumber(a.pane) - paneNumber(b.pane);
}
