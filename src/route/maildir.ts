import { basename, dirname, resolve } from "node:path";
import { AgentmuxError } from "../util/errors.ts";
import { expandHome } from "../util/paths.ts";
import { isFileRefused, readRegularText } from "../util/regular-file.ts";
import type { ExtractEnv, Extractor, RouteContext, Thing } from "./context.ts";

/** How much of a message is read for its headers. */
const HEAD_BYTES = 64 * 1024;

/** Pure: whether the text is one path into a maildir (a file in a cur or new folder). */
export function isMaildirPath(text: string): boolean {
  const line = text.trim();
  if (line === "" || line.includes("\n") || /^[a-z]+:\/\//i.test(line)) return false;
  const parent = basename(dirname(line));
  return (parent === "cur" || parent === "new") && basename(line) !== "";
}

/** Pure: the headers of a message (names lower-cased, folded lines joined, encoded words decoded); the first of each name. */
export function parseHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  const lines = text.split(/\r?\n/);
  let current: { name: string; value: string } | null = null;
  const flush = () => { if (current && !headers.has(current.name)) headers.set(current.name, decodeWords(current.value.trim())); };
  for (const line of lines) {
    if (line === "") break;
    if (/^[ \t]/.test(line) && current) { current.value += ` ${line.trim()}`; continue; }
    flush();
    const colon = line.indexOf(":");
    current = colon > 0 ? { name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1) } : null;
  }
  flush();
  return headers;
}

/** Pure: RFC 2047 encoded words (=?charset?B|Q?...?=) decoded; whitespace between two of them dropped. */
export function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, "?==?").replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (whole, charset: string, encoding: string, data: string) => {
    try {
      const bytes = encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64")
        : Buffer.from(data.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1");
      return new TextDecoder(charset.toLowerCase(), { fatal: false }).decode(bytes);
    } catch {
      return whole;
    }
  });
}

/** Pure: the first sender of a From header, as Name <address>, or the bare address when it gives no name. */
export function formatSender(from: string): string {
  const first = from.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)[0]?.trim() ?? "";
  const angle = /^(.*?)\s*<([^>]+)>/.exec(first);
  if (angle) {
    const name = (angle[1] ?? "").trim().replace(/^"(.*)"$/, "$1").trim();
    return name ? `${name} <${angle[2]}>` : angle[2] ?? "";
  }
  const paren = /^(\S+@\S+)\s*\((.+)\)$/.exec(first);
  if (paren) return `${paren[2]?.trim()} <${paren[1]}>`;
  return first;
}

/** Pure: the ranking text of a message: its subject and its sender. */
export function mailText(headers: Map<string, string>): string {
  const subject = headers.get("subject") ?? "";
  const from = headers.get("from");
  return [subject, from ? `From: ${formatSender(from)}` : ""].filter(Boolean).join("\n");
}

/** I/O: the head of the message file (only a regular file); throws naming the path and the fix when it is missing or unreadable. */
function readHead(path: string): string {
  try {
    return readRegularText(path, { maxBytes: HEAD_BYTES, head: true });
  } catch (error) {
    if (isFileRefused(error)) throw new AgentmuxError(`mail file ${error.message}`, { hint: "pass the path of one message in a maildir's cur or new folder" });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new AgentmuxError(`mail file ${path} does not exist`, { hint: "maildir files are renamed when their flags change: find the message again (reindex, e.g. mu index) and pass its current path" });
    throw new AgentmuxError(`mail file ${path} cannot be read: ${code ?? String(error)}`, { hint: "check its permissions" });
  }
}

export const maildir: Extractor = {
  kind: "maildir message",
  matches: (thing: Thing) => isMaildirPath(thing.text),
  async extract(thing: Thing, env: ExtractEnv): Promise<RouteContext> {
    const path = resolve(thing.cwd, expandHome(thing.text.trim(), env.env));
    const headers = parseHeaders(readHead(path));
    // The agent opens the file itself: headers, body and attachments, which no excerpt would carry.
    return { kind: "maildir message", text: mailText(headers) || basename(path), payload: path, submit: false };
  },
};
