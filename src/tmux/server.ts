/**
 * Which tmux server to talk to. Empty means what tmux itself does: `$TMUX` inside tmux, else the
 * default socket. `socketName` is tmux -L, `socketPath` is tmux -S (it wins when both are given).
 */
export interface TmuxServer {
  socketName?: string | undefined;
  socketPath?: string | undefined;
}

/**
 * A tmux client agentmux runs says it speaks UTF-8 (-u), whatever the locale: without it, a client
 * in the C locale (an ssh command, a cron job) gets every byte outside printable ASCII as "_", the
 * unit separator agentmux's formats split on (\x1f) and every accented name included.
 */
export const CLIENT_UTF8 = "-u";

export function serverArgs(server: TmuxServer): string[] {
  if (server.socketPath) return ["-S", server.socketPath];
  if (server.socketName) return ["-L", server.socketName];
  return [];
}

/** How to describe a server in an error or log line. */
export function describeServer(server: TmuxServer): string {
  if (server.socketPath) return `tmux server at ${server.socketPath}`;
  if (server.socketName) return `tmux server -L ${server.socketName}`;
  return "the tmux server";
}
