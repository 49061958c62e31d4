// CSI, OSC (BEL or ST terminated), and two-byte escapes: ECMA-48's grammar. Kept hand-written rather
// than util.stripVTControlCharacters, which (Node 20) leaves private-mode CSI such as ESC[>4;2m,
// colon sub-parameters (ESC[4:3m) and intermediate bytes (ESC[2 q) behind; agent CLIs print all three.
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;

/** Strip terminal escape sequences and stray control characters (tabs and newlines kept). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, "").replace(/[\x00-\x08\x0b-\x1f\x7f]/g, "");
}

/** Remove trailing blank lines and trailing spaces of each line. */
export function trimScreen(text: string): string {
  const lines = text.split("\n").map((line) => line.replace(/\s+$/u, ""));
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.join("\n");
}

/** Compact age: 12s, 2m, 1h, 3d. */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h`;
  return `${Math.floor(h / 24)}d`;
}
