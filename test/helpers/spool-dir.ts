import { mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Busy-waits one clock tick: spool files written in turn get distinct times. */
const tick = () => { const until = Date.now() + 6; while (Date.now() < until) { /* file times are one clock tick apart */ } };

/** A scratch spool directory, and a writer that can date a file ageMs in the past. */
export function spoolDir(): { dir: string; put: (name: string, body: string, ageMs?: number) => void } {
  const dir = mkdtempSync(join(tmpdir(), "spool-"));
  return {
    dir,
    put: (name, body, ageMs = 0) => {
      writeFileSync(join(dir, name), body);
      if (ageMs) { const t = (Date.now() - ageMs) / 1000; utimesSync(join(dir, name), t, t); }
      tick();
    },
  };
}
