import { readFileSync } from "node:fs";

/** CPU time (user + system) of a process in ms, from /proc (Linux). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** Resident memory of a process in MB. */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb ?? 0) / 1024;
}
