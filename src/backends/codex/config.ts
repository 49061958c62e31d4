import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { modeOf, writeFileAtomic } from "../../util/atomic-write.ts";
import { backupFile } from "../../util/backup.ts";
import { AgentmuxError } from "../../util/errors.ts";
import { parseStringArray, sameKeys, scanToml, TomlScanError, tomlString, type TomlEntry } from "./toml.ts";

/** A `[hooks.state."<key>"] trusted_hash = "<hash>"` record in config.toml. */
export interface TrustRecord { key: string; hash: string }

export const NOTIFY_SCRIPT = "agentmux-codex-notify";

const FIX = "the file was left untouched";

function scan(text: string, file: string): TomlEntry[] {
  try {
    return scanToml(text);
  } catch (error) {
    if (!(error instanceof TomlScanError)) throw error;
    throw new AgentmuxError(`${file}: ${error.message}: not TOML agentmux can read`, { hint: `fix the file (Codex would refuse it too); ${FIX}` });
  }
}

function splice(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}

const fullPath = (entry: Extract<TomlEntry, { kind: "value" }>): string[] => [...entry.table, ...entry.keys];
const startsWith = (path: readonly string[], prefix: readonly string[]): boolean => prefix.every((key, i) => path[i] === key);

/**
 * Set one trust record: the trusted_hash line of an existing `[hooks.state."key"]` table is
 * replaced (its other lines, such as `enabled`, stay), or the table is appended.
 */
export function setTrustRecord(text: string, record: TrustRecord, file = "config.toml"): string {
  const table = ["hooks", "state", record.key];
  const entries = scan(text, file);
  for (const entry of entries) {
    if (entry.kind !== "value") continue;
    const path = fullPath(entry);
    // A dotted key or an inline table reaching this record cannot take a [table] beside it.
    const inline = path.length <= table.length && startsWith(table, path) && text[entry.valueStart] === "{";
    if (inline || (startsWith(path, table) && !sameKeys(entry.table, table))) {
      throw new AgentmuxError(`${file}: hooks.state.${tomlString(record.key)} is written in a form agentmux cannot edit`, {
        hint: `write it as a [hooks.state.${tomlString(record.key)}] table, or remove it; ${FIX}`,
      });
    }
  }
  const header = entries.findIndex((e) => e.kind === "header" && !e.array && sameKeys(e.keys, table));
  const line = `trusted_hash = ${tomlString(record.hash)}`;
  if (header < 0) {
    const gap = text === "" ? "" : text.endsWith("\n") ? "\n" : "\n\n";
    return `${text}${gap}[hooks.state.${tomlString(record.key)}]\n${line}\n`;
  }
  const headerEntry = entries[header] as TomlEntry;
  for (const entry of entries.slice(header + 1)) {
    if (entry.kind === "header") break;
    if (sameKeys(entry.keys, ["trusted_hash"])) {
      const current = text.slice(entry.valueStart, entry.valueEnd);
      return current === tomlString(record.hash) ? text : splice(text, entry.valueStart, entry.valueEnd, tomlString(record.hash));
    }
  }
  const at = headerEntry.end;
  return splice(text, at, at, `${text[at - 1] === "\n" ? "" : "\n"}${line}\n`);
}

export function setTrustRecords(text: string, records: readonly TrustRecord[], file?: string): string {
  return records.reduce((current, record) => setTrustRecord(current, record, file), text);
}

/** Whether a notify argv word runs agentmux's forwarder, from any checkout. */
export function isNotifyScript(word: string | undefined): boolean {
  return word !== undefined && basename(word) === NOTIFY_SCRIPT;
}

/**
 * Make the top-level `notify` run agentmux's forwarder. Codex runs one notify program: a program
 * the user had is kept, chained after ours (the forwarder runs it with the same JSON argument).
 */
export function setNotify(text: string, script: string, file = "config.toml"): string {
  const entries = scan(text, file);
  const entry = entries.find((e): e is Extract<TomlEntry, { kind: "value" }> => e.kind === "value" && e.table.length === 0 && e.keys[0] === "notify");
  let chained: string[] = [];
  if (entry) {
    const current = entry.keys.length === 1 ? parseStringArray(text.slice(entry.valueStart, entry.valueEnd)) : null;
    if (current === null) {
      throw new AgentmuxError(`${file}: notify is not an array of strings`, { hint: `write it as notify = ["program", "argument"]; ${FIX}` });
    }
    chained = current;
    while (isNotifyScript(chained[0])) chained = chained.slice(1);
  }
  const value = `[${[script, ...chained].map(tomlString).join(", ")}]`;
  if (entry) return text.slice(entry.valueStart, entry.valueEnd) === value ? text : splice(text, entry.valueStart, entry.valueEnd, value);
  // A top-level key goes before the first table.
  const first = entries.find((e) => e.kind === "header");
  if (first) return splice(text, first.start, first.start, `notify = ${value}\n\n`);
  const gap = text === "" || text.endsWith("\n") ? "" : "\n";
  return `${text}${gap}notify = ${value}\n`;
}


/** The value of `key` in `[table]` (a plain table, not dotted or inline), as written; null when not set. */
export function tableValue(text: string, table: readonly string[], key: string, file = "config.toml"): string | null {
  const entry = scan(text, file).find((e): e is Extract<TomlEntry, { kind: "value" }> => e.kind === "value" && sameKeys(e.table, table) && sameKeys(e.keys, [key]));
  return entry ? text.slice(entry.valueStart, entry.valueEnd) : null;
}

/**
 * Set `key = value` (value already TOML) in `[table]`: the line replaced where it is, else added
 * under the table's header, else the table appended. A table written dotted or inline elsewhere
 * is refused, the file untouched.
 */
export function setTableValue(text: string, table: readonly string[], key: string, value: string, file = "config.toml"): string {
  const entries = scan(text, file);
  const name = table.join(".");
  for (const entry of entries) {
    if (entry.kind !== "value") continue;
    const path = fullPath(entry);
    // A dotted key (tui.theme = …) or an inline table (tui = { … }) holding the table cannot take
    // a [table] beside it; a sub-table ([tui.keymap]) is no matter.
    const dotted = entry.table.length < table.length && startsWith(path, table);
    const inline = path.length <= table.length && startsWith(table, path) && text[entry.valueStart] === "{";
    if (dotted || inline) {
      throw new AgentmuxError(`${file}: ${name} is written in a form agentmux cannot edit (${path.join(".")})`, { hint: `write it as a [${name}] table; ${FIX}` });
    }
  }
  const found = entries.find((e): e is Extract<TomlEntry, { kind: "value" }> => e.kind === "value" && sameKeys(e.table, table) && sameKeys(e.keys, [key]));
  if (found) return text.slice(found.valueStart, found.valueEnd) === value ? text : splice(text, found.valueStart, found.valueEnd, value);
  const header = entries.find((e) => e.kind === "header" && !e.array && sameKeys(e.keys, table));
  const line = `${key} = ${value}\n`;
  if (header) return splice(text, header.end, header.end, `${text[header.end - 1] === "\n" ? "" : "\n"}${line}`);
  const gap = text === "" ? "" : text.endsWith("\n") ? "\n" : "\n\n";
  return `${text}${gap}[${name}]\n${line}`;
}

/** config.toml's text (through a link); undefined when there is none. */
export function readConfigText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Write config.toml's new text where a link points (the old text backed up first as
 * `<file>.agentmux-backup-<time>`, its mode kept); nothing when unchanged. Answers the backup's path.
 */
export function rewriteConfig(file: string, next: string, before: string | undefined, now = new Date()): { changed: boolean; backup: string | null } {
  if (next === (before ?? "")) return { changed: false, backup: null };
  const backup = before === undefined ? null : backupFile(file, "agentmux-backup", now);
  writeFileAtomic(file, next, before === undefined ? 0o600 : modeOf(file, 0o600));
  return { changed: true, backup };
}

/**
 * Remove `[table]` and its sub-tables (`[table.env]`): each header and its lines, up to the next
 * other header. A table written dotted or inline is refused, the file untouched; absent, the text
 * is answered as it is.
 */
export function removeTable(text: string, table: readonly string[], file = "config.toml"): string {
  const entries = scan(text, file);
  const name = table.join(".");
  for (const entry of entries) {
    if (entry.kind !== "value") continue;
    const path = fullPath(entry);
    if ((entry.table.length < table.length && startsWith(path, table)) || (path.length <= table.length && startsWith(table, path) && text[entry.valueStart] === "{")) {
      throw new AgentmuxError(`${file}: ${name} is written in a form agentmux cannot edit (${path.join(".")})`, { hint: `remove it by hand; ${FIX}` });
    }
  }
  const ours = (e: TomlEntry) => e.kind === "header" && startsWith(e.keys, table);
  // The blank lines before a removed table go with it; one is kept before the table that follows.
  const seam = (before: string) => (before === "" ? "" : before.replace(/\n*$/, "\n"));
  let out = "";
  let at = 0;
  let removed = false;
  entries.forEach((entry, i) => {
    if (!ours(entry) || entry.start < at) return;
    const next = entries.slice(i + 1).find((e) => e.kind === "header" && !ours(e));
    out = seam(out + text.slice(at, entry.start));
    at = next ? next.start : text.length;
    if (next && out !== "") out += "\n";
    removed = true;
  });
  return removed ? out + text.slice(at) : text;
}
