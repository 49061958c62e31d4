import type { Command } from "commander";
import { request } from "../daemon/client.ts";
import { killPanes } from "../daemon/asks.ts";
import { ensureDaemon } from "../daemon/start.ts";
import { STATES } from "../core/states.ts";
import { promptLineOf } from "../backends/index.ts";
import { DraftInTheWay, sendText } from "../session/send.ts";
import { findSession, listSessions, type NamedSession } from "../session/store.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { notifyTyped } from "./typed.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "./permission.ts";
import { out, shown } from "../util/terminal-text.ts";

const GROUP = /^[\w.-]{1,64}$/;

function checkGroupName(group: string): void {
  if (!GROUP.test(group)) throw new AgentmuxError(`"${group}" is not a usable group name`, { hint: "use letters, digits, '.', '_' and '-'" });
}

/** Members of a group; a group with no session at all is an error, never a silent "0 sessions". */
export async function groupMembers(ctx: Context, group: string): Promise<NamedSession[]> {
  const members = (await listSessions(ctx.tmux, { includeExited: true })).filter((s) => s.group === group);
  if (members.length === 0) throw new AgentmuxError(`no group "${group}"`, { hint: "put sessions in it with agentmux group TARGET G, or agentmux new --group G" });
  return members;
}

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
      await requireControl(ctx, "group-send");
      const running = (await groupMembers(ctx, group)).filter((s) => !s.dead);
      if (running.length === 0) throw new AgentmuxError(`every session of group "${group}" has exited`, { hint: "start new ones with agentmux new --group" });
      // At most LIMITS.groupSend sessions at once (docs/limits.md); p-queue is loaded here only.
      const { LIMITS, mapLimited } = await import("../util/limit.ts");
      // A session with a draft in its input line is left out (and named); the others get the text.
      const refused: DraftInTheWay[] = [];
      const sent: string[] = [];
      await mapLimited(running, LIMITS.groupSend, async (s) => {
        const typing = Date.now();
        try {
          await sendText(ctx.tmux, s.pane, words.join(" "), { enter: options.enter, promptLine: promptLineOf(s.backend), label: `${s.name} (${s.pane})` });
        } catch (error) {
          if (error instanceof DraftInTheWay) { refused.push(error); return; }
          throw error;
        }
        sent.push(s.pane);
        if (options.enter) await notifyTyped(ctx, s.pane, "submit", typing);
      });
      if (options.json) printJson({ ok: refused.length === 0, group, sent, refused: refused.map((r) => ({ session: r.label, draft: r.draft })) });
      else out(shown`sent to ${sent.length} session${sent.length === 1 ? "" : "s"}\n`);
      if (refused.length > 0) throw new AgentmuxError(refused.map((r) => r.message).join("; "), { hint: refused[0]?.hint });
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
      if (!(STATES as readonly string[]).includes(options.state)) throw new AgentmuxError(`unknown state "${options.state}"`, { hint: `use one of ${STATES.join(", ")}` });
      const timeout = Number(options.timeout);
      if (!Number.isFinite(timeout) || timeout <= 0) throw new AgentmuxError(`--timeout ${options.timeout} is not a positive number of seconds`, { hint: "e.g. --timeout 300" });
      if (!target === !options.group) throw new AgentmuxError("wait takes a TARGET or --group G", { hint: "e.g. agentmux wait build --state blocked" });
      const sessions = options.group ? await groupMembers(ctx, options.group) : [await findSession(ctx.tmux, target ?? "", { includeExited: true })];
      const done = sessions.find((s) => s.state === options.state);
      let answer: Record<string, unknown>;
      if (done) {
        answer = { ok: true, pane: done.pane, state: done.state };
      } else {
        const running = sessions.filter((s) => !s.dead);
        if (running.length === 0) throw new AgentmuxError(`${sessions.map((s) => s.name).join(", ")} exited before reaching ${options.state}`);
        const { layout } = await ensureDaemon(ctx.tmux);
        const reply = await request(layout.socket, { op: "wait", panes: running.map((s) => s.pane), state: options.state, timeoutMs: timeout * 1000 }, timeout * 1000 + 5000);
        if (!reply.ok) throw new AgentmuxError(reply.error, { ...(reply.hint ? { hint: reply.hint } : {}), ...(reply.timedOut ? { exitCode: EXIT.timeout } : {}) });
        answer = reply;
      }
      if (options.json) printJson(answer);
      else out(shown`${String(answer["pane"])} ${String(answer["state"])}\n`);
    });
}
