import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The time the spool orders a file by (src/daemon/spool.ts): its creation time, else its modification time. */
function orderOf(file: string): bigint {
  const st = statSync(file, { bigint: true });
  return st.birthtimeNs > 0n ? st.birthtimeNs : st.mtimeNs;
}

/** Waits ms without yielding (the tests using this are synchronous). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * A scratch spool directory, and a writer that can date a file ageMs in the past. Files put in turn
 * get times in that order: the clock the kernel dates files by moves in ticks (4 ms here) and, on a
 * loaded virtual machine, can stand still longer; a file dated the same as the one put before it is
 * written again until its time is later (at most about 2 s, then it stays as it is).
 */
export function spoolDir(): { dir: string; put: (name: string, body: string, ageMs?: number) => void } {
  const dir = mkdtempSync(join(tmpdir(), "spool-"));
  let last: bigint | null = null;
  return {
    dir,
    put: (name, body, ageMs = 0) => {
      const file = join(dir, name);
      writeFileSync(file, body);
      for (let tries = 0; last !== null && orderOf(file) <= last && tries < 1000; tries++) {
        rmSync(file);
        pause(2);
        writeFileSync(file, body);
      }
      last = orderOf(file);
      if (ageMs) { const t = (Date.now() - ageMs) / 1000; utimesSync(join(dir, name), t, t); }
    },
  };
}
