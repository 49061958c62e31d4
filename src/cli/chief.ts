import type { Command } from "commander";
import { chiefStateFile } from "../chief/places.ts";
import { addToChief, ensureChief, findChief } from "../chief/session.ts";
import { request } from "../daemon/client.ts";
import type { Response } from "../daemon/protocol.ts";
import { ensureDaemon } from "../daemon/start.ts";
import { editFile } from "../tmux/editor.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { err, out, shown } from "../util/terminal-text.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";

/** How long a tick may take (a stateless one waits for the model's whole answer). */
const TICK_TIMEOUT_MS = 330_000;

/** One `chief` request to the daemon (started if it is not running); its error as agentmux's. */
async function ask(ctx: Context, action: string, extra: { immediate?: boolean; pane?: string } = {}, timeoutMs = 15_000): Promise<Response & { ok: true }> {
  const { layout } = await ensureDaemon(ctx.tmux);
  const answer = await request(layout.socket, { op: "chief", action, ...extra }, timeoutMs);
  if (!answer.ok) throw new AgentmuxError(`chief ${action}: ${answer.error}`, { hint: answer.hint ?? "see agentmux daemon logs" });
  return answer;
}

const when = (at: unknown) => (typeof at === "number" ? new Date(at).toLocaleString() : "never");

function describe(status: Response & { ok: true }): string {
  const last = status["last"] as { at: number; mode: string; outcome: string } | null;
  const session = status["session"] as { pane: string; state: string } | null;
  return [
    `timer: ${status["running"] ? `running, every ${String(status["interval"])} s; next tick ${when(status["nextTick"])}` : "stopped (agentmux chief start)"}`,
    `mode: ${String(status["mode"])} (${String(status["backend"])})`,
    `chief session: ${session ? `${session.pane}, ${session.state}` : "none"}`,
    `last tick: ${last ? `${when(last.at)} (${last.mode}): ${last.outcome}` : "none yet"}`,
    ...(Number(status["nudges"]) > 0 ? [`nudges in the inbox: ${String(status["nudges"])} (agentmux chief dismiss)`] : []),
  ].join("\n");
}

async function tick(ctx: Context, action: "tick" | "heartbeat" | "stateless", json: boolean | undefined): Promise<void> {
  await requireControl(ctx, `chief ${action}`);
  const answer = await ask(ctx, action, {}, TICK_TIMEOUT_MS);
  const outcome = String(answer["outcome"]);
  // A tick that could not run (the CLI failed, a backend that cannot be the chief) exits 1; skipped or decided, 0.
  if (outcome.startsWith("failed: ")) throw new AgentmuxError(`chief ${action}: ${outcome.slice(8)}`, { hint: "agentmux chief status; agentmux daemon logs" });
  if (json) printJson(answer);
  else out(shown`${outcome}\n`);
}

export function registerChief(program: Command): void {
  const chief = program.command("chief").description("the chief of staff: a model that looks at your plan and context every chief.interval and nudges you only when it should (docs/chief.md)");

  chief.command("start").description("start (or reuse) the chief session in session mode, and the timer")
    .option("--wait", "the first tick after one interval, not at once")
    .option("--json", "print the chief's status as JSON")
    .action(async (options: { wait?: boolean; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      await requireControl(ctx, "chief start");
      let immediate = options.wait !== true;
      let pane: string | undefined;
      if (ctx.config.chief.mode === "session") {
        const { session, started } = await ensureChief(ctx.tmux, ctx.config, (text) => err(shown`agentmux: ${text}\n`));
        if (!options.json) out(started ? shown`chief session started in ${session.pane}: it asks for today's plan\n` : shown`chief session: ${session.pane}\n`);
        // The kickoff is its first turn: the first heartbeat comes an interval later.
        if (started) immediate = false;
        pane = session.pane;
      }
      // Naming the pane it opened a moment ago: the daemon reads tmux's panes again if it does not track it yet (requests.ts).
      const status = await ask(ctx, "start", { ...(immediate ? { immediate: true } : {}), ...(pane ? { pane } : {}) });
      if (options.json) printJson(status);
      else out(shown`${describe(status)}\n`);
    });

  chief.command("stop").description("stop the timer (the chief session stays)").action(async (_o: unknown, command: Command) => {
    const ctx = Context.of(command);
    await requireControl(ctx, "chief stop");
    await ask(ctx, "stop");
    out(shown`the chief's timer is stopped\n`);
  });

  chief.command("tick").description("one check now, in chief.mode; prints what came of it").option("--json", "print JSON")
    .action((options: { json?: boolean }, command: Command) => tick(Context.of(command), "tick", options.json));
  chief.command("heartbeat").description("a heartbeat into the chief session now (its answer is read when its turn ends)").option("--json", "print JSON")
    .action((options: { json?: boolean }, command: Command) => tick(Context.of(command), "heartbeat", options.json));
  chief.command("stateless").description("one stateless check now (a non-interactive call answering JSON)").option("--json", "print JSON")
    .action((options: { json?: boolean }, command: Command) => tick(Context.of(command), "stateless", options.json));

  chief.command("status").description("the timer, the chief session and the last tick").option("--json", "print JSON")
    .action(async (options: { json?: boolean }, command: Command) => {
      const status = await ask(Context.of(command), "status");
      if (options.json) printJson(status);
      else out(shown`${describe(status)}\n`);
    });

  chief.command("open").description("open the state file (your plans and notes) in $VISUAL/$EDITOR; inside tmux, in a popup")
    .option("--no-popup", "edit at this terminal even inside tmux")
    .action(async (options: { popup: boolean }, command: Command) => {
      const ctx = Context.of(command);
      const file = chiefStateFile(ctx.config);
      const inside = options.popup && (Boolean(process.env["TMUX"]) || process.stdin.isTTY !== true);
      await editFile({ popup: inside ? { tmux: ctx.tmux, dir: process.cwd() } : null, lost: `${file} is as it was saved`, again: "agentmux chief open" }, file);
    });

  for (const kind of ["note", "plan"] as const) {
    chief.command(`${kind} <text...>`).description(kind === "note" ? "append a note to the state file (and tell a waiting chief session)" : "append today's plan to the state file (and tell a waiting chief session)")
      .action(async (words: string[], _o: unknown, command: Command) => {
        const ctx = Context.of(command);
        await requireControl(ctx, `chief ${kind}`);
        const text = words.join(" ").trim();
        if (text === "") throw new AgentmuxError(`chief ${kind}: the text is empty`, { hint: `agentmux chief ${kind} "…"`, exitCode: EXIT.usage });
        const { file, submitted } = await addToChief(ctx.tmux, ctx.config, kind, text);
        out(shown`${kind === "plan" ? "today's plan" : "note"} added to ${file}; ${submitted}\n`);
      });
  }

  chief.command("switch").description("go to the chief session").action(async (_o: unknown, command: Command) => {
    const ctx = Context.of(command);
    const session = await findChief(ctx.tmux, ctx.config);
    if (!session) throw new AgentmuxError("no chief session is running", { hint: "agentmux chief start starts one (chief.mode: session)" });
    await ctx.tmux.focus(session.pane);
    out(shown`${session.pane}\n`);
  });

  chief.command("dismiss").description("take the stateless nudges out of the inbox").action(async (_o: unknown, command: Command) => {
    const ctx = Context.of(command);
    await requireControl(ctx, "chief dismiss");
    const answer = await ask(ctx, "dismiss");
    out(shown`${String(answer["dismissed"])} nudge(s) dismissed\n`);
  });
}
