import { list, obj, str } from "./schema.ts";
import { locate, type ConfigProblem } from "./validate.ts";

/**
 * Other machines whose agentmux sessions show here (src/hosts/, docs/hosts.md): each is reached
 * over OpenSSH. name: how it is shown and targeted (HOST:TARGET); ssh: a destination or an alias
 * of ~/.ssh/config; agentmux: the remote command (default `agentmux`); socket: the remote tmux
 * server when not the default one (a name for -L, a path for -S).
 */
export const HOSTS_SCHEMA = list(obj({
  name: str("a host name: letters, digits, . _ -").required(),
  ssh: str("an ssh destination or ~/.ssh/config alias").required(),
  agentmux: str("the remote agentmux command"),
  socket: str("a tmux socket name (-L) or path (-S)"),
})).default([]);

/** A host's name: no ":" (HOST:TARGET), no space, nothing a terminal or tmux would read. */
export const HOST_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/;

/** What ssh would take for an option, or a destination holding a space or a control byte. */
const BAD_DESTINATION = /^-|[\s\x00-\x1f\x7f]/;

/** The hosts' rules beyond their types: names unique and plain, destinations never an ssh option. */
export function checkHostsConfig(raw: unknown, text: string): ConfigProblem[] {
  const hosts = (raw as { hosts?: unknown } | null)?.hosts;
  if (!Array.isArray(hosts)) return [];
  const problems: ConfigProblem[] = [];
  const seen = new Set<string>();
  hosts.forEach((host: unknown, i) => {
    if (!host || typeof host !== "object") return;
    const { name, ssh, socket } = host as { name?: unknown; ssh?: unknown; socket?: unknown };
    if (typeof name === "string") {
      if (!HOST_NAME.test(name)) problems.push({ ...locate(text, ["hosts", i, "name"]), key: `hosts[${i}].name`, message: `${JSON.stringify(name)} is not a plain host name`, fix: "use letters, digits, '.', '_' and '-' (no ':' or space: it is written HOST:TARGET)" });
      else if (seen.has(name)) problems.push({ ...locate(text, ["hosts", i, "name"]), key: `hosts[${i}].name`, message: `${name} is named twice`, fix: "give each host a name of its own" });
      seen.add(name);
    }
    if (typeof ssh === "string" && (ssh === "" || BAD_DESTINATION.test(ssh))) {
      problems.push({ ...locate(text, ["hosts", i, "ssh"]), key: `hosts[${i}].ssh`, message: `${JSON.stringify(ssh)} is not an ssh destination`, fix: "write [user@]host or an alias of ~/.ssh/config (options go in ~/.ssh/config, never here)" });
    }
    if (typeof socket === "string" && (socket === "" || /[\x00-\x1f\x7f]/.test(socket))) {
      problems.push({ ...locate(text, ["hosts", i, "socket"]), key: `hosts[${i}].socket`, message: `${JSON.stringify(socket)} is not a tmux socket`, fix: "a socket name (as for tmux -L) or an absolute path (as for tmux -S)" });
    }
  });
  return problems;
}
