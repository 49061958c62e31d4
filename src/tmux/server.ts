/**
 * Which tmux server to talk to. Empty means what tmux itself does: `$TMUX` inside tmux, else the
 * default socket. `socketName` is tmux -L, `socketPath` is tmux -S (it wins when both are given).
 */
export interface TmuxServer {
  socketName?: string | undefined;
  socketPath?: string | undefined;
}

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
