import { serverArgs } from "../tmux/server.ts";
import { shQuote } from "../util/sh.ts";
import type { Context } from "./context.ts";
import { out, shown } from "../util/terminal-text.ts";

/** Inside tmux, talking to the server $TMUX names (no -L/-S given). */
function insideOwnServer(ctx: Context): boolean {
  return Boolean(process.env["TMUX"]) && !ctx.server.socketName && !ctx.server.socketPath;
}

/** Say something: in the status line of the client a key binding named, else on stdout. */
export async function tell(ctx: Context, client: string | undefined, text: string): Promise<void> {
  if (client) await ctx.tmux.displayMessage(text, client);
  else out(shown`${text}\n`);
}

/** Show a pane on the client (named, or the current one inside tmux); outside tmux only select it. */
export async function jumpTo(ctx: Context, pane: string, client: string | undefined): Promise<void> {
  if (client || insideOwnServer(ctx)) await ctx.tmux.jump(pane, client);
  else await ctx.tmux.showPane(pane);
}

/** The pane a command acts from: --from, else the named client's current pane, else $TMUX_PANE. */
export async function currentPane(ctx: Context, client: string | undefined, from: string | undefined): Promise<string | undefined> {
  if (from) return from;
  if (client) return (await ctx.tmux.expand("#{pane_id}", { client }).catch(() => "")).trim() || undefined;
  return insideOwnServer(ctx) ? process.env["TMUX_PANE"] : undefined;
}

/** The sh words that run this very agentmux again (from a menu item or a prompt): node, the script, -L/-S. */
export function selfCommand(ctx: Context): string {
  return [process.execPath, process.argv[1] ?? "agentmux", ...serverArgs(ctx.server)].map(shQuote).join(" ");
}
