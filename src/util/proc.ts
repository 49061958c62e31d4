import { readFileSync } from "node:fs";

/** The children of a process (Linux /proc; empty elsewhere or when it is gone). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The environment a process was started with (Linux /proc; empty elsewhere). */
export function environ(pid: number): Record<string, string> {
  try {
    const env: Record<string, string> = {};
    for (const entry of readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")) {
      const eq = entry.indexOf("=");
      if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
    }
    return env;
  } catch {
    return {};
  }
}

/** The fields of /proc/<pid>/stat after the command name (field 3 first); null when unknown. */
export function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces and ')': count from the last ')'.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/**
 * Whether a process lives (one of another user's counts: signalling it is refused, not unknown).
 * A zombie does not: it was killed and waits for a parent to reap it, which a container's first
 * process may never do.
 */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return statFields(pid)?.[0] !== "Z";
}

/**
 * When a process started, in clock ticks since boot (Linux /proc; "" elsewhere or when it is
 * gone): with its pid, it names one process, so a pid the kernel gave out again is not mistaken
 * for the one that wrote it down.
 */
export function processStart(pid: number): string {
  return statFields(pid)?.[19] ?? "";
}
