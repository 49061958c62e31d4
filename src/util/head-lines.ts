import { closeSync, readSync } from "node:fs";
import { openRegular } from "./regular-file.ts";

const CHUNK = 64 * 1024;

/**
 * The first COUNT lines of a file, read in chunks so a long file is not read whole. Reading stops
 * after maxBytes; a line cut there is left out (the first line is returned only when complete).
 * Only a regular file is read (openRegular); throws what opening or reading throws.
 */
export function headLines(file: string, count: number, maxBytes: number): string[] {
  const { fd } = openRegular(file);
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    let newlines = 0;
    while (newlines < count && total < maxBytes) {
      const buffer = Buffer.alloc(Math.min(CHUNK, maxBytes - total));
      const read = readSync(fd, buffer, 0, buffer.length, total);
      if (read === 0) return splitLines(Buffer.concat(chunks).toString("utf8"), count, true);
      const chunk = buffer.subarray(0, read);
      for (const byte of chunk) if (byte === 0x0a) newlines++;
      chunks.push(chunk);
      total += read;
    }
    return splitLines(Buffer.concat(chunks).toString("utf8"), count, false);
  } finally {
    closeSync(fd);
  }
}

function splitLines(text: string, count: number, atEnd: boolean): string[] {
  const lines = text.split("\n");
  // Without the end of the file, the text after the last newline is a cut line.
  if (!atEnd || lines[lines.length - 1] === "") lines.pop();
  return lines.slice(0, count);
}

/**
 * Visit a file's lines from the start, in chunks, until visit answers false or maxBytes are read
 * (a line cut there is not visited). Only a regular file is read (openRegular); throws what
 * opening or reading throws.
 */
export function visitLines(file: string, maxBytes: number, visit: (line: string) => boolean): void {
  const { fd } = openRegular(file);
  try {
    let pending: Buffer[] = [];
    let total = 0;
    while (total < maxBytes) {
      const buffer = Buffer.alloc(Math.min(CHUNK, maxBytes - total));
      const read = readSync(fd, buffer, 0, buffer.length, total);
      if (read === 0) break;
      total += read;
      let chunk = buffer.subarray(0, read);
      let newline = chunk.indexOf(0x0a);
      while (newline !== -1) {
        const line = Buffer.concat([...pending, chunk.subarray(0, newline)]).toString("utf8");
        pending = [];
        if (!visit(line)) return;
        chunk = chunk.subarray(newline + 1);
        newline = chunk.indexOf(0x0a);
      }
      if (chunk.length > 0) pending.push(Buffer.from(chunk));
    }
    // A last line without a newline is whole when the file ended before the bound.
    if (pending.length > 0 && total < maxBytes) visit(Buffer.concat(pending).toString("utf8"));
  } finally {
    closeSync(fd);
  }
}
