import { execFile } from "node:child_process";
import { readlinkSync } from "node:fs";
import type { Socket } from "node:net";

/**
 * Who is on the other end of a connection to the daemon's socket: the process(es) holding the
 * peer socket. Node has no SO_PEERCRED, so on Linux the daemon reads its own end's inode from
 * /proc/self/fd and asks `ss -xpn` (iproute2: the kernel's sock_diag) for the peer's inode and its
 * holders. Null where that cannot be told (no /proc, no ss): the caller then decides without it.
 */

/** The inode of the daemon's end of a connection (Linux), or null. */
export function ownInode(socket: Socket): number | null {
  const fd = (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
  if (typeof fd !== "number" || fd < 0) return null;
  try {
    const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

// The end of one `ss -xpn` line: local inode, the peer's address ("*"), the peer's inode, then its holders.
const END = /\s(\d+)\s+\S+\s+(\d+)(?:\s+users:\((.*)\))?\s*$/;

/** Pure: from `ss -xpn` output, the pids holding the other end of the Unix socket whose own inode is `ours`; null when it is not listed. */
export function peerPids(ssOutput: string, ours: number): number[] | null {
  const ends = new Map<number, { peer: number; users: string }>();
  for (const line of ssOutput.split("\n")) {
    if (!line.startsWith("u_")) continue;
    const m = END.exec(line);
    if (m) ends.set(Number(m[1]), { peer: Number(m[2]), users: m[3] ?? "" });
  }
  const peer = ends.get(ours)?.peer;
  if (peer === undefined || peer === 0) return null;
  const holders = ends.get(peer);
  if (!holders) return null;
  return [...holders.users.matchAll(/pid=(\d+)/g)].map((p) => Number(p[1]));
}

/** I/O: the pids on the other end of a connection to the daemon, or null when they cannot be told. */
export async function peerOf(socket: Socket): Promise<number[] | null> {
  const ours = ownInode(socket);
  if (ours === null) return null;
  const output = await new Promise<string | null>((resolve) => {
    execFile("ss", ["-xpn"], { timeout: 5000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => resolve(error ? null : String(stdout)));
  });
  return output === null ? null : peerPids(output, ours);
}
