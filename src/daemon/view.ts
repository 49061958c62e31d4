import type { ControlClient } from "../tmux/control.ts";

/** Panes a person is looking at: the active pane of the active window of each session a (non-control) client shows. */
export async function panesInView(client: ControlClient): Promise<string[]> {
  const clients = await client.command(["list-clients", "-F", "#{client_control_mode} #{session_id}"]).catch(() => [] as string[]);
  const viewed = new Set(clients.filter((l) => l.startsWith("0 ")).map((l) => l.slice(2)));
  if (viewed.size === 0) return [];
  const panes = await client.command(["list-panes", "-a", "-F", "#{pane_id} #{session_id} #{window_active} #{pane_active}"]).catch(() => [] as string[]);
  return panes
    .map((line) => line.split(" "))
    .filter(([, session, windowActive, paneActive]) => session !== undefined && viewed.has(session) && windowActive === "1" && paneActive === "1")
    .map(([pane]) => pane ?? "");
}

/** Redraw the status line of every person's client (the pushed segment changed). */
export async function refreshStatusLines(client: ControlClient): Promise<void> {
  const clients = await client.command(["list-clients", "-F", "#{client_control_mode} #{client_tty}"]).catch(() => [] as string[]);
  for (const line of clients) {
    const [control, tty] = line.split(" ");
    if (control === "0" && tty) await client.command(["refresh-client", "-S", "-t", tty]).catch(() => undefined);
  }
}
