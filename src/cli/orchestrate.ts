import type { Command } from "commander";
import { killPanes } from "../daemon/asks.ts";
import { STATES } from "../core/states.ts";
import { requireControl } from "../control/gate.ts";
import { checkGroupName, groupMembers, groupSend, refusedError } from "../control/groups.ts";
import { checkState, waitForState } from "../control/wait.ts";
import { findSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { Context, printJson } from "./context.ts";
import { out, shown } from "../util/terminal-text.ts";

export function registerOrchestrate(program: Command): void {
  program.command("group").description("put a session in a group").argument("<target>").argument("<group>").option("--json", "print the result as JSON")
    .action(async (target: string, group: string, options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      await requireControl(ctx, "group");
      checkGroupName(group);
      const s = await findSession(ctx.tmux, target);
      await ctx.tmux.setOption({ pane: s.pane }, "@agentmux-group", group);
      if (options.json) printJson({ ok: true, pane: s.pane, group });
    });

  program.command("ungroup").description("take a session out of its group").argument("<target>").option("--json", "print the result as JSON")
    .action(async (target: string, options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      await requireControl(ctx, "ungroup");
      const s = await findSession(ctx.tmux, target);
      await ctx.tmux.unsetOption({ pane: s.pane }, "@agentmux-group");
      if (options.json) printJson({ ok: true, pane: s.pane, group: null });
    });

  program.command("group-send").description("send text to every running session of a group").argument("<group>").argument("<text...>")
    .option("--no-enter", "leave the text in the prompts").option("--json", "print the result as JSON")
    .action(async (group: string, words: string[], options: { enter: boolean; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      const result = await groupSend(ctx, group, words.join(" "), { enter: options.enter });
      if (options.json) printJson({ ok: result.refused.length === 0, group, sent: result.sent, refused: result.refused.map((r) => ({ session: r.label, draft: r.draft })) });
      else out(shown`sent to ${result.sent.length} session${result.sent.length === 1 ? "" : "s"}\n`);
      const refused = refusedError(result);
      if (refused) throw refused;
    });

  program.command("group-kill").description("end every session of a group (they stay listed as exited)").argument("<group>").option("--json", "print the result as JSON")
    .action(async (group: string, options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      await requireControl(ctx, "group-kill");
      const running = (await groupMembers(ctx, group)).filter((s) => !s.dead);
      if (running.length === 0) throw new AgentmuxError(`every session of group "${group}" has exited already`);
      const killed = await killPanes(ctx.tmux, running.map((s) => s.pane));
      if (options.json) printJson({ ok: true, group, killed });
      else out(shown`killed ${killed} session${killed === 1 ? "" : "s"}\n`);
    });

  program.command("wait").description("wait until a session (or the first of a group) reaches a state")
    .argument("[target]").option("-g, --group <group>", "wait on a group instead").requiredOption("-s, --state <state>", STATES.join(", "))
    .option("--timeout <secs>", "give up after this many seconds", "120").option("--json", "print the daemon's answer")
    .action(async (target: string | undefined, options: { group?: string; state: string; timeout: string; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      checkState(options.state);
      const timeout = Number(options.timeout);
      if (!Number.isFinite(timeout) || timeout <= 0) throw new AgentmuxError(`--timeout ${options.timeout} is not a positive number of seconds`, { hint: "e.g. --timeout 300" });
      if (!target === !options.group) throw new AgentmuxError("wait takes a TARGET or --group G", { hint: "e.g. agentmux wait build --state blocked" });
      const answer = await waitForState(ctx, { target, group: options.group, state: options.state, timeoutSeconds: timeout });
      if (options.json) printJson(answer);
      else out(shown`${String(answer["pane"])} ${String(answer["state"])}\n`);
    });
}
