import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { HostConfig } from "../config/config.ts";
import { makePrivateDir } from "../util/private-dir.ts";
import { shQuote } from "../util/sh.ts";

/** The ssh program (AGENTMUX_SSH: a wrapper such as one adding -F, or another build of OpenSSH). */
export function sshProgram(env: Record<string, string | undefined> = process.env): string {
  return env["AGENTMUX_SSH"] || "ssh";
}

/** Where the shared connections' sockets live: the daemon's private runtime directory (0700). */
export function controlDir(daemonDir: string): string {
  return join(daemonDir, "ssh");
}

/** Make that directory (0700, the user's own) before an ssh binds a socket in it. */
export function ensureControlDir(daemonDir: string): void {
  mkdirSync(daemonDir, { recursive: true, mode: 0o700 });
  makePrivateDir(controlDir(daemonDir));
}

/**
 * The longest path ssh can bind its shared connection's socket at: a Unix socket's path holds 108
 * bytes on Linux (104 on the BSDs and macOS, with its NUL), and ssh binds a name 17 bytes longer
 * first, then renames it.
 */
const SOCKET_PATH_MAX = (process.platform === "linux" ? 108 : 104) - 17 - 1;

/**
 * The shared connection's socket for a host: named by a short hash of its destination (ssh's own
 * %C is 40 characters, too long under a deep runtime directory); null when even that is too long,
 * or without a runtime directory (no tmux server here to name one).
 */
export function controlPath(host: HostConfig, dir: string | null): string | null {
  if (dir === null) return null;
  const path = join(controlDir(dir), createHash("sha256").update(host.ssh).digest("hex").slice(0, 16));
  return Buffer.byteLength(path) <= SOCKET_PATH_MAX ? path : null;
}

/**
 * The options of every ssh agentmux runs: never a question at a terminal (BatchMode: a host key
 * not known is refused, never accepted), one shared connection per host (ControlMaster, its
 * socket in the private runtime directory, kept a minute after its last use; none when that
 * directory's path is too deep for a socket), and a dead link found within half a minute.
 */
export function sshOptions(host: HostConfig, dir: string | null): string[] {
  const socket = controlPath(host, dir);
  return [
    "-T",
    "-o", "BatchMode=yes",
    ...(socket ? ["-o", "ControlMaster=auto", "-o", `ControlPath=${socket}`, "-o", "ControlPersist=60"] : ["-o", "ControlMaster=no", "-o", "ControlPath=none"]),
    "-o", "ServerAliveInterval=10",
    "-o", "ServerAliveCountMax=3",
    "-o", "ConnectTimeout=15",
  ];
}

/**
 * The remote command line for `agentmux VERB WORDS...` on a host: its agentmux command (as the user wrote it:
 * a program, or a program and its arguments), the tmux server named by `socket`, then each
 * argument quoted, since ssh hands the line to the remote user's shell.
 */
export function remoteCommand(host: HostConfig, verb: string, words: readonly string[] = []): string {
  const server = host.socket ? [host.socket.includes("/") ? "-S" : "-L", host.socket] : [];
  return [host.agentmux || "agentmux", ...[...server, verb, ...words].map(shQuote)].join(" ");
}

/** ssh's argv for `agentmux VERB WORDS...` on a host ("--" ends ssh's options: the destination is never one). */
export function sshArgv(host: HostConfig, dir: string | null, verb: string, words: readonly string[] = []): string[] {
  return [...sshOptions(host, dir), "--", host.ssh, remoteCommand(host, verb, words)];
}

/** ssh's argv to end a host's shared connection. */
export function sshExitArgv(host: HostConfig, dir: string): string[] {
  return [...sshOptions(host, dir), "-O", "exit", "--", host.ssh];
}

/**
 * What went wrong, in words, from ssh's exit status and what it printed: ssh itself exits 255;
 * the remote shell 127 for a command it did not find. wasConnected: the link had carried data.
 */
export function sshFailure(host: HostConfig, exitCode: number | null, stderr: string, wasConnected = false): string {
  const said = stderr.trim().split("\n").filter((l) => l.trim() !== "").at(-1)?.trim() ?? "";
  const name = host.name;
  // The remote shell's own statuses: the command is not there (127) or cannot be run (126).
  if (exitCode === 127 || exitCode === 126) return `${name}: agentmux is not installed there (${said || "command not found"}): install it, or set hosts[].agentmux to its path`;
  if (exitCode === 255) {
    if (/Host key verification failed|REMOTE HOST IDENTIFICATION HAS CHANGED|No (?:ED25519|RSA|ECDSA)? ?host key is known/i.test(stderr)) {
      return `${name}: its host key is not known (or has changed), and agentmux never accepts one silently: run \`ssh ${host.ssh}\` once at a terminal and check the key`;
    }
    if (/Permission denied|Too many authentication failures/i.test(stderr)) return `${name}: ssh refused the login (${said}): agentmux logs in with your keys and agent, never a password`;
    if (/Could not resolve hostname|Name or service not known/i.test(stderr)) return `${name}: host unreachable: ${host.ssh} does not resolve (${said})`;
    if (/Connection refused|Connection timed out|No route to host|Network is unreachable|Connection reset|Connection closed|closed by remote host|Broken pipe|timed out|read header failed/i.test(stderr)) return `${name}: host unreachable (${said})`;
    // A link that was up and ends with ssh's own failure, saying nothing more: its connection dropped.
    if (wasConnected) return `${name}: host unreachable (the connection dropped${said ? `: ${said}` : ""})`;
    return `${name}: ssh failed${said ? `: ${said}` : ""}`;
  }
  return `${name}: the remote agentmux exited with ${exitCode ?? "a signal"}${said ? `: ${said}` : ""}`;
}
