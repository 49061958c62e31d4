/**
 * Text typed into an agent CLI's input line for a side conversation: quotes and hand-back drafts.
 * Pure; the typing is sendText's (enter: false).
 */

/** A passage as a Markdown block quote ("> " per line), then an empty line and the cursor below it for the question. */
export function quoteBlock(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").replace(/\s+$/u, "").split("\n");
  while (lines.length > 0 && lines[0]?.trim() === "") lines.shift();
  if (lines.length === 0) return "";
  return `${lines.map((line) => (line.trim() === "" ? ">" : `> ${line.trimEnd()}`)).join("\n")}\n\n`;
}

/** What the CLI's input line holds now: the last line matching inputLine, without its prompt marker; "" when none shows. */
export function typedInInputLine(screen: string, inputLine: RegExp | undefined): string {
  if (!inputLine) return "";
  const pattern = new RegExp(inputLine.source, inputLine.flags.replace(/[gm]/g, ""));
  const line = screen.split("\n").filter((l) => pattern.test(l)).at(-1);
  if (line === undefined) return "";
  return line.replace(pattern, "").replace(/[│\s\u00a0]+$/u, "").trim();
}

/** Text to add after what is already typed: on a paragraph of its own when something is there. */
export function appendedDraft(typed: string, text: string): string {
  const body = text.replace(/\r\n?/g, "\n").trim();
  return typed.trim() === "" ? body : `\n\n${body}`;
}
