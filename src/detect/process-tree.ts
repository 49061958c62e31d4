import { execa } from "execa";

interface Proc { pid: number; ppid: number; args: string }

/** Parse `ps -A -o pid=,ppid=,args=`. */
export function parsePs(output: string): Proc[] {
  const procs: Proc[] = [];
  for (const line of output.split("\n")) {
    const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (m) procs.push({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] ?? "" });
  }
  return procs;
}

/** The command lines of a process and its descendants, nearest first. */
export function descendants(procs: readonly Proc[], root: number): string[] {
  const children = new Map<number, Proc[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out: string[] = [];
  const self = procs.find((p) => p.pid === root);
  if (self) out.push(self.args);
  const queue = [root];
  const seen = new Set(queue);
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() ?? -1) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      out.push(child.args);
      queue.push(child.pid);
    }
  }
  return out;
}

/** The processes under a pane (its pid and everything it started), for identifyAgent; [] when ps fails. */
export async function processTree(rootPid: number): Promise<string[]> {
  try {
    const { stdout } = await execa("ps", ["-A", "-o", "pid=,ppid=,args="]);
    return descendants(parsePs(stdout), rootPid);
  } catch {
    return [];
  }
}
