import { statSync } from "node:fs";

/**
 * What was read from files, kept for this process while a file's mtime and size stay the same
 * (the CLI is short-lived; one command may scan the same store twice).
 */
export class FileCache<T> {
  private readonly entries = new Map<string, { mtimeMs: number; size: number; value: T }>();

  /** The value read from file, read again when the file changed; throws what stat throws (a file gone: ENOENT). */
  get(file: string, read: (stat: { mtimeMs: number; size: number; birthtimeMs: number }) => T): T {
    const stat = statSync(file);
    const hit = this.entries.get(file);
    if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit.value;
    const value = read(stat);
    this.entries.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, value });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
