import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { ensureDaemon } from "../daemon/start.ts";
import { launchSession, prepareLaunch } from "../session/launch.ts";
import { Tmux } from "../tmux/tmux.ts";
import { installDir } from "../util/install-dir.ts";
import { places } from "../util/paths.ts";
import { shQuote } from "../util/sh.ts";
import { Context } from "./context.ts";
import { out, shown } from "../util/terminal-text.ts";

const ROLES = ["builder", "reviewer", "tester", "scout"];

const WELCOME = `agentmux demo
=============
Four demo agents run in the other windows and go through their states on their own:
  builder   works a few seconds, then waits for you, then starts again
  reviewer  stops to ask permission (answer 1 or 2 in its pane, or y or n in the inbox)
  tester    works for a long time
  scout     sits at its prompt (idle)

Look at the status line (⚠ blocked, ● waiting, ◐ working), the window markers, and the
notifications. Keys (after the prefix, C-b): S the switcher, N the inbox, B the next session
that needs you, Z snooze, a the menu. Or, from this shell:
  agentmux list                 every session and its state
  agentmux switch               the switcher
  agentmux next                 jump to the next session that needs you
  agentmux send reviewer 1      answer the reviewer from here
Leave with: tmux kill-server   (this demo runs on its own tmux server)
`;

/** Start the demo server (unless it runs already): the plugin, the daemon and four demo agents. */
async function startDemo(ctx: Context, name: string): Promise<void> {
  const tmux = new Tmux({ socketName: name });
  if (await tmux.hasServer()) return;
  await tmux.version();
  const base = join(places().stateDir, "demo");
  mkdirSync(base, { recursive: true });
  writeFileSync(join(base, "WELCOME.txt"), WELCOME);
  const shell = process.env["SHELL"] || "/bin/sh";
  const bin = join(installDir(), "bin");
  await tmux.newSession({ configFile: "/dev/null", name: "demo", width: 200, height: 50, dir: base, env: { PATH: `${bin}:${process.env["PATH"] ?? ""}` },
    argv: ["/bin/sh", "-c", `cat ${shQuote(join(base, "WELCOME.txt"))}; exec ${shQuote(shell)}`] });
  await tmux.setEnvironment("PATH", `${bin}:${process.env["PATH"] ?? ""}`);
  const plugin = join(installDir(), "tmux", "agentmux.tmux");
  if (existsSync(plugin)) await tmux.runShell([plugin]);
  await ensureDaemon(tmux);
  for (const role of ROLES) {
    const dir = join(base, role);
    mkdirSync(dir, { recursive: true });
    const request = { command: `node ${shQuote(join(installDir(), "etc", "demo", "agent.js"))} ${role}`, dir, submit: true, split: false, norestore: true };
    await launchSession(tmux, request, prepareLaunch(request, ctx.config));
  }
  await tmux.selectWindow("demo:0");
}

export function registerDemo(program: Command): void {
  program
    .command("demo")
    .description("a private tmux server with four demo agents, to see agentmux at work")
    .option("--no-attach", "leave it running and print how to attach")
    .option("--name <socket>", "the demo server's socket name (tmux -L)", "agentmux-demo")
    .action(async (options: { attach: boolean; name: string }, command: Command) => {
      const ctx = Context.of(command);
      await startDemo(ctx, options.name);
      const tmux = new Tmux({ socketName: options.name });
      if (!options.attach || !process.stdin.isTTY) {
        out(shown`the demo runs; attach with: ${tmux.attachCommandLine("demo")}\n`);
        return;
      }
      await tmux.attach("demo");
    });
}
