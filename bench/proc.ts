import { readdirSync, readFileSync } from "node:fs";
import type { TestServer } from "../test/helpers/tmux-server.ts";

/** The pid of the test server's daemon. */
export async function daemonPid(server: TestServer): Promise<number> {
  return (JSON.parse(String((await server.cli(["daemon", "status", "--json"])).stdout)) as { pid: number }).pid;
}

/** CPU time (user + system) of a process in ms, from /proc (Linux). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * Time every thread of a process has run, in ms, to the nanosecond (the scheduler's own account,
 * /proc/PID/task/TID/schedstat): cpuMs counts 10 ms ticks, too coarse for an idle daemon's
 * few ms a second. Threads that ended are not counted.
 */
export function runMs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try { ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]); } catch { /* ended */ }
  }
  return ns / 1e6;
}

/** Resident memory of a process in MB. */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb ?? 0) / 1024;
}

/** CPU time (user, system) in ms of each of a process's threads, summed by thread name (Linux /proc). */
export function threadCpuMs(pid: number): Map<string, { user: number; system: number }> {
  const byName = new Map<string, { user: number; system: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string, name: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
    } catch { continue; }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const key = tid === String(pid) ? "main" : name;
    const was = byName.get(key) ?? { user: 0, system: 0 };
    byName.set(key, { user: was.user + Number(fields[11]) * 10, system: was.system + Number(fields[12]) * 10 });
  }
  return byName;
}

/** Pure: what each thread (by name) spent between two readings, as "name user+system ms" words. */
export function threadSpend(before: Map<string, { user: number; system: number }>, after: Map<string, { user: number; system: number }>): string {
  return [...after].map(([name, t]) => {
    const b = before.get(name) ?? { user: 0, system: 0 };
    return { name, user: t.user - b.user, system: t.system - b.system };
  }).filter((t) => t.user + t.system > 0).sort((a, b) => b.user + b.system - a.user - a.system).map((t) => `${t.name} ${t.user}+${t.system} ms`).join(", ");
}
