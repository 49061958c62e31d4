import type { Command } from "commander";
import { loadRoster } from "../session/roster.ts";
import { menuArgs } from "../tmux/menu.ts";
import { AgentmuxError } from "../util/errors.ts";
import { Context } from "./context.ts";
import { menuItems } from "./menu-entries.ts";
import { selfCommand } from "./on-client.ts";
import { out, safeJson, shown } from "../util/terminal-text.ts";

/** Every command path the program registers: "new", "daemon", "daemon logs" … */
export function commandPaths(program: Command, prefix = ""): Set<string> {
  const paths = new Set<string>();
  for (const sub of program.commands) {
    const path = `${prefix}${sub.name()}`;
    paths.add(path);
    for (const p of commandPaths(sub, `${path} `)) paths.add(p);
  }
  return paths;
}

export interface MenuOptions { client?: string; pane?: string; print?: boolean }

/** `agentmux menu` (prefix a); `available`: every command path the CLI has (the fast path calls it without commander). */
export async function runMenu(ctx: Context, options: MenuOptions, available: ReadonlySet<string>): Promise<void> {
  // The sessions are listed while the client and pane are asked for: each is a tmux process to wait for.
  const rosterAsked = loadRoster(ctx.tmux, { backendSuffix: ctx.config.display.backendSuffix });
  rosterAsked.catch(() => undefined); // awaited below; an error before then is not left unhandled
  const format = "#{pane_id}\t#{pane_current_path}";
  // With --pane, its place does not depend on the client: both asked at once.
  const paneAsked = options.pane ? ctx.tmux.expand(format, { target: options.pane }) : null;
  paneAsked?.catch(() => undefined); // awaited below
  const client = options.client ?? (await ctx.tmux.currentClient());
  if (!client && !options.print) throw new AgentmuxError("no tmux client to show the menu on", { hint: "run it from tmux (the plugin binds prefix a), or pass --client" });
  const [pane = "", dir = ""] = (await (paneAsked ?? ctx.tmux.expand(format, client ? { client } : {}))).split("\t");
  const roster = await rosterAsked;
  const session = roster.find((s) => s.pane === pane) ?? null;
  const items = menuItems({ self: selfCommand(ctx), client, pane, session, dir, available });
  const args = menuArgs({ title: "agentmux", client: client || undefined, pane: pane || undefined, items });
  if (options.print) { out(shown`${safeJson(args)}\n`); return; }
  await ctx.tmux.run(args);
}

export function registerMenu(program: Command): void {
  program
    .command("menu")
    .description("open the agentmux menu (tmux display-menu) on a client: sessions, current session, tools")
    .option("--client <name>", "the tmux client to show it on (key bindings pass #{client_name})")
    .option("--pane <pane>", "the pane it acts on (default: the client's current pane)")
    .option("--print", "print the display-menu command instead of opening it")
    .action((options: MenuOptions, command: Command) => runMenu(Context.of(command), options, commandPaths(command.parent ?? command)));
}
