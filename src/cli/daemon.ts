import { readFileSync, existsSync } from "node:fs";
import type { Command } from "commander";
import { request } from "../daemon/client.ts";
import { AnotherDaemon, Daemon } from "../daemon/daemon.ts";
import { ANOTHER_DAEMON_EXIT, daemonPid, ensureDaemon, layoutFor } from "../daemon/start.ts";
import { fileLogger } from "../daemon/log.ts";
import { socketAlive } from "../daemon/socket-server.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { sleep } from "../util/sleep.ts";
import { setStateFileReporting } from "../util/state-file.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";
import { block, out, shown } from "../util/terminal-text.ts";

export function registerDaemon(program: Command): void {
  const daemon = program.command("daemon").description("the watcher daemon of this tmux server: start, stop, status, logs");

  daemon.command("start").description("start the daemon (if it is not running)").action(async (_o: unknown, command: Command) => {
    const ctx = Context.of(command);
    await ctx.tmux.version();
    const { layout, started } = await ensureDaemon(ctx.tmux);
    out(shown`${started ? "started" : "already running"}: pid ${daemonPid(layout) ?? "?"}, socket ${layout.socket}\n`);
  });

  daemon.command("stop").description("stop the daemon").action(async (_o: unknown, command: Command) => {
    const ctx = Context.of(command);
    await requireControl(ctx, "daemon stop");
    const layout = await layoutFor(ctx.tmux);
    if (!(await socketAlive(layout.socket))) { out(shown`not running\n`); return; }
    await request(layout.socket, { op: "stop" });
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (await socketAlive(layout.socket))) await sleep(50);
    if (await socketAlive(layout.socket)) {
      throw new AgentmuxError(`the agentmux daemon (pid ${daemonPid(layout) ?? "?"}) still answers 15 s after it was asked to stop`, { hint: `see ${layout.log}` });
    }
    out(shown`stopped\n`);
  });

  daemon.command("status").description("say whether the daemon runs, and what it tracks").option("--json", "print JSON").action(async (options: { json?: boolean }, command: Command) => {
    const layout = await layoutFor(Context.of(command).tmux);
    if (!(await socketAlive(layout.socket))) {
      if (options.json) printJson({ running: false, socket: layout.socket });
      throw new AgentmuxError("the agentmux daemon is not running", { hint: "start it with agentmux daemon start", exitCode: EXIT.daemonDown });
    }
    const answer = await request(layout.socket, { op: "status" });
    if (options.json) { printJson({ running: true, socket: layout.socket, log: layout.log, ...answer }); return; }
    const sessions = answer.ok ? (answer["sessions"] as unknown[]).length : 0;
    out(shown`running: pid ${answer.ok ? String(answer["pid"]) : "?"}, ${sessions} session(s), socket ${layout.socket}, log ${layout.log}\n`);
  });

  daemon.command("logs").description("print the daemon's log").option("-n, --tail <n>", "the last N lines", "50").action(async (options: { tail: string }, command: Command) => {
    const layout = await layoutFor(Context.of(command).tmux);
    if (!existsSync(layout.log)) { out(shown`no log yet (${layout.log})\n`); return; }
    const lines = readFileSync(layout.log, "utf8").trimEnd().split("\n");
    out(shown`${block(lines.slice(-Math.max(1, Number(options.tail) || 50)).join("\n"))}\n`);
  });

  daemon.command("run", { hidden: true }).description("run the daemon in the foreground").action(async (_o: unknown, command: Command) => {
    const ctx = Context.of(command);
    const layout = await layoutFor(ctx.tmux);
    let finish: (reason: string) => void = () => undefined;
    const finished = new Promise<string>((resolve) => { finish = resolve; });
    const log = fileLogger(layout.log);
    // A corrupt state file is logged, and left for the command that decides with it to report and keep aside.
    setStateFileReporting({ warn: (line) => log(`warning: ${line}`), keepAside: false });
    const d = new Daemon({ layout, server: { socketPath: layout.tmuxSocket }, log, onExit: (reason) => finish(reason) });
    process.on("SIGTERM", () => void d.stop("SIGTERM"));
    process.on("SIGINT", () => void d.stop("SIGINT"));
    try {
      await d.start();
    } catch (error) {
      if (error instanceof AnotherDaemon) {
        log(`${error.message}: this one (pid ${process.pid}) leaves it to serve`);
        process.exitCode = ANOTHER_DAEMON_EXIT;
        return;
      }
      // Another daemon answered first, or tmux went away: let go of everything, then say why.
      await d.stop(`could not start: ${(error as Error).message}`);
      throw error;
    }
    await finished;
  });
}
