import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from "node:fs";

/**
 * The spool files whose events were applied but may not be removed yet: a key is written just
 * before an event is applied, and the log emptied once the drain removed the files. A daemon
 * killed in between finds the keys at its start and removes those files without applying them
 * again (draining is idempotent). Keys are name and inode, so a new file of the same name is new.
 */
export class AppliedLog {
  private fd: number | null = null;
  private readonly leftover: Set<string>;

  constructor(private readonly file: string) {
    let text = "";
    try { text = readFileSync(file, "utf8"); } catch { /* none: a clean start */ }
    this.leftover = new Set(text.split("\n").filter(Boolean));
  }

  /** Whether a file's event was applied before a restart (its key then is forgotten). */
  appliedBefore(key: string): boolean {
    return this.leftover.delete(key);
  }

  mark(key: string): void {
    try {
      this.fd ??= openSync(this.file, "a", 0o600);
      writeSync(this.fd, `${key}\n`);
    } catch { /* without the log a crash may repeat one event; never stop the intake for it */ }
  }

  /** After a drain removed every file it marked: forget them (keys left from a restart stay). */
  clear(): void {
    if (this.fd === null) return;
    try {
      ftruncateSync(this.fd, 0);
      if (this.leftover.size > 0) writeSync(this.fd, [...this.leftover].map((k) => `${k}\n`).join(""));
    } catch { /* see mark */ }
  }

  /** Keys left from a restart whose files a drain did not find: they are gone. */
  forgetLeftovers(): void {
    this.leftover.clear();
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
