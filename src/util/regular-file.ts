import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readSync, statSync, type Stats } from "node:fs";
import { AgentmuxError } from "./errors.ts";

export const KiB = 1024;
export const MiB = 1024 * KiB;

const CHUNK = 64 * KiB;

/** A file agentmux refused to read: what it is, or how large. `reason` is the message without the path. */
export class FileRefused extends AgentmuxError {
  readonly file: string;
  readonly reason: string;

  constructor(file: string, reason: string, hint: string) {
    super(`${file} ${reason}`, { hint });
    this.name = "FileRefused";
    this.file = file;
    this.reason = reason;
  }
}

export function isFileRefused(value: unknown): value is FileRefused {
  return value instanceof FileRefused;
}

/** "1 MiB", "64 KiB", "100 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= KiB && bytes % KiB === 0) return `${bytes / KiB} KiB`;
  return `${bytes} bytes`;
}

function kindOf(st: Stats): string {
  if (st.isFIFO()) return "a FIFO";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isDirectory()) return "a directory";
  if (st.isSocket()) return "a socket";
  if (st.isSymbolicLink()) return "a symlink";
  return "not a plain file";
}

const NOT_REGULAR_HINT = "agentmux reads only a regular file here, or a symlink to one: replace it with a regular file, or remove it";

function notRegular(file: string, st: Stats): FileRefused {
  return new FileRefused(file, `is ${kindOf(st)}, not a regular file`, NOT_REGULAR_HINT);
}

export function tooLarge(file: string, maxBytes: number): FileRefused {
  return new FileRefused(file, `is larger than ${formatBytes(maxBytes)}`, `agentmux reads at most ${formatBytes(maxBytes)} of such a file: shorten it, or split it`);
}

export interface OpenOptions {
  /** false: a symlink itself is refused (O_NOFOLLOW); default true: its target must be a regular file. */
  follow?: boolean;
}

/**
 * Open a file for reading only when it is a regular file. It is looked at before it is opened (a
 * device is never opened: opening one can act), opened with O_NONBLOCK (a FIFO put there in the
 * meantime does not block the open) and looked at again through the descriptor. Throws
 * FileRefused for anything else, and what open throws (ENOENT, EACCES, ELOOP) as it is.
 */
export function openRegular(file: string, options: OpenOptions = {}): { fd: number; size: number } {
  const follow = options.follow ?? true;
  const before = follow ? statSync(file) : undefined;
  if (before && !before.isFile()) throw notRegular(file, before);
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | (follow ? 0 : constants.O_NOFOLLOW));
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw notRegular(file, st);
    return { fd, size: st.size };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** Up to max bytes from the start of an open file, read until its end or the bound (its size as measured may be out of date). */
export function readAtMost(fd: number, max: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < max) {
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, max - total));
    const read = readSync(fd, buffer, 0, buffer.length, total);
    if (read === 0) break;
    chunks.push(buffer.subarray(0, read));
    total += read;
  }
  return Buffer.concat(chunks, total);
}

export interface ReadRegularOptions extends OpenOptions {
  /** The most that is read. */
  maxBytes: number;
  /** true: a longer file gives its first maxBytes (a head); default false: it is refused. */
  head?: boolean;
}

/**
 * A file that a repository, a registry, a TODO source or another program controls: only a regular
 * file (openRegular), at most maxBytes of it, read with that bound even when the file grows while
 * it is read. A larger file is refused (FileRefused, "… is larger than 1 MiB") unless a head is asked for.
 */
export function readRegularFile(file: string, options: ReadRegularOptions): Buffer {
  const { fd, size } = openRegular(file, options);
  try {
    if (!options.head && size > options.maxBytes) throw tooLarge(file, options.maxBytes);
    const bytes = readAtMost(fd, options.head ? options.maxBytes : options.maxBytes + 1);
    if (bytes.length > options.maxBytes) throw tooLarge(file, options.maxBytes);
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** readRegularFile, as UTF-8 text. */
export function readRegularText(file: string, options: ReadRegularOptions): string {
  return readRegularFile(file, options).toString("utf8");
}

/**
 * The last `max` bytes of a regular file (openRegular: never a FIFO or a device), from its first
 * whole line when the file is larger; all of it when it is smaller.
 */
export function readTail(file: string, max: number, options: OpenOptions = {}): string {
  const { fd, size } = openRegular(file, options);
  try {
    const length = Math.min(size, max);
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const n = readSync(fd, buffer, read, length - read, size - length + read);
      if (n === 0) break;
      read += n;
    }
    const text = buffer.subarray(0, read).toString("utf8");
    return size > max ? text.slice(text.indexOf("\n") + 1) : text;
  } finally {
    closeSync(fd);
  }
}

/**
 * A file agentmux itself keeps in a private (0700) directory, read on a key press: looked at
 * without following a link (a regular file within maxBytes, and its modification time), then read
 * whole in one call, without following a link (O_NOFOLLOW) or waiting on a FIFO put there in the
 * meantime (O_NONBLOCK: it reads as empty). Two calls into Node (the read makes its open, reads
 * and close in one) and five system calls, where readRegularText and a stat made seven of each;
 * a device cannot be put in such a directory without root. Throws FileRefused, or what lstat or
 * open throws (ENOENT, ELOOP).
 */
export function readOwnFile(file: string, maxBytes: number): { text: string; mtimeMs: number } {
  const st = lstatSync(file);
  if (!st.isFile()) throw notRegular(file, st);
  if (st.size > maxBytes) throw tooLarge(file, maxBytes);
  // Node takes open(2) flags as a number here too (its types say only a string).
  const text = readFileSync(file, { encoding: "utf8", flag: (constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK) as unknown as string });
  if (Buffer.byteLength(text) > maxBytes) throw tooLarge(file, maxBytes);
  return { text, mtimeMs: st.mtimeMs };
}
