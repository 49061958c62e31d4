/** One line of a unified diff, with its numbers on each side. */
export interface DiffLine {
  kind: "context" | "add" | "del" | "note";
  text: string;
  /** Its number in the old file (context, del) and the new one (context, add). */
  old: number | null;
  new: number | null;
}

export interface Hunk { header: string; lines: DiffLine[] }

export interface FileDiff {
  path: string;
  /** The git header lines before the first hunk ("new file mode …", "--- a/…"). */
  head: string[];
  hunks: Hunk[];
}

/** Pure: a unified diff (git diff's, and agentmux diff's untracked files) split into files and hunks, each line numbered. */
export function parseDiff(text: string): FileDiff[] {
  const files: FileDiff[] = [];
  let file: FileDiff | null = null;
  let hunk: Hunk | null = null;
  let oldNo = 0;
  let newNo = 0;
  for (const line of text.split("\n")) {
    const start = /^diff --git a\/(.*) b\/(.*)$/.exec(line);
    if (start) {
      file = { path: start[2] ?? "", head: [line], hunks: [] };
      files.push(file);
      hunk = null;
      continue;
    }
    if (!file) continue;
    const at = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (at) {
      hunk = { header: line, lines: [] };
      file.hunks.push(hunk);
      oldNo = Number(at[1]);
      newNo = Number(at[2]);
      continue;
    }
    if (!hunk) {
      const renamed = /^\+\+\+ b\/(.*)$/.exec(line);
      if (renamed) file.path = renamed[1] ?? file.path;
      file.head.push(line);
      continue;
    }
    if (line.startsWith("+")) hunk.lines.push({ kind: "add", text: line.slice(1), old: null, new: newNo++ });
    else if (line.startsWith("-")) hunk.lines.push({ kind: "del", text: line.slice(1), old: oldNo++, new: null });
    else if (line.startsWith(" ")) hunk.lines.push({ kind: "context", text: line.slice(1), old: oldNo++, new: newNo++ });
    else if (line.startsWith("\\")) hunk.lines.push({ kind: "note", text: line, old: null, new: null });
  }
  return files;
}
