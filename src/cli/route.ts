import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { homeEnv } from "../accounts/home-env.ts";
import { BACKEND_NAMES, getBackend } from "../backends/index.ts";
import { route, type RouteHooks } from "../route/route.ts";
import type { Thing } from "../route/context.ts";
import type { NamedSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { Context, printJson } from "./context.ts";
import { currentPane, jumpTo } from "./on-client.ts";
import { requireControl } from "../control/gate.ts";
import { chooseProject } from "./project-picker.ts";
import { notifyTyped } from "./typed.ts";
import { err, out, shown } from "../util/terminal-text.ts";

interface RouteFlags { to?: string; pick?: boolean; backend?: string; account?: string; dir?: string; selection?: boolean; pane?: string; client?: string; json?: boolean }

const DELIVERED = { new: "started", running: "typed into", switched: "switched to", resumed: "resumed in" } as const;

export function registerRoute(program: Command): void {
  program
    .command("route")
    .description("start the right agent in the right project from a URL, a mail file, a TODO, an error text or a resume line (THING '-' reads stdin; none: the paste buffer)")
    .argument("[thing]", "a GitHub or Slack URL, a maildir file, FILE:LINE of a TODO, an error file or text, a `claude --resume ID` line; '-': stdin")
    .option("--to <target>", "deliver to this running session instead of starting one")
    .option("--pick", "deliver to a running session picked from a list")
    .option("-b, --backend <name>", `the backend of a new session: ${BACKEND_NAMES.join(", ")} (default from config)`)
    .option("-a, --account <name>", "the account (its project sources; the new session runs under it)")
    .option("-d, --dir <dir>", "start the new session in this directory (no project is chosen)")
    .option("--selection", "route the copy-mode selection of the pane (--pane, else the current one)")
    .option("--pane <pane>", "with --selection: the pane in copy mode")
    .option("--client <name>", "the tmux client to show the session on (key bindings pass #{client_name})")
    .option("--json", "print the result as JSON")
    .action(async (thingArg: string | undefined, options: RouteFlags, command: Command) => {
      const ctx = Context.of(command);
      await requireControl(ctx, "route");
      const thing = await readThing(ctx, thingArg, options);
      const hooks: RouteHooks = {
        pickSession: (sessions) => pickSession(sessions),
        chooseProject: (question) => chooseProject(ctx, { ...question, backend: getBackend(question.backend), title: "route to which project?", env: homeEnv(ctx.config, question.backend, question.account ?? "") }),
        show: (pane) => jumpTo(ctx, pane, options.client),
        submitted: (pane, at) => notifyTyped(ctx, pane, "submit", at),
        note: (text) => err(shown`agentmux: ${text}\n`),
      };
      const result = await route(ctx.tmux, ctx.config, { thing, to: options.to, pick: options.pick, backend: options.backend, account: options.account, dir: options.dir }, hooks);
      if (options.json) printJson({ ok: true, ...result });
      else out(shown`${result.kind}: ${DELIVERED[result.delivered]} ${result.pane} (${result.dir})${result.delivered === "new" || result.delivered === "running" ? (result.submitted ? ", submitted" : ", waiting for your words") : ""}\n`);
    });
}

/** The thing: the argument, stdin ('-'), the copy-mode selection (--selection), else the newest paste buffer. */
async function readThing(ctx: Context, arg: string | undefined, options: RouteFlags): Promise<Thing> {
  const cwd = process.cwd();
  if (options.selection) {
    if (arg !== undefined) throw new AgentmuxError("--selection and THING cannot be used together", { hint: "leave out THING to route the selection" });
    const pane = await currentPane(ctx, options.client, options.pane);
    if (!pane) throw new AgentmuxError("--selection needs a pane", { hint: "pass --pane, or run it inside tmux" });
    const text = await ctx.tmux.selectionText(pane);
    if (text === null) throw new AgentmuxError(`pane ${pane} has no copy-mode selection`, { hint: "select the text in copy mode first" });
    return { text, source: "the selection", cwd };
  }
  if (arg === "-") return { text: readFileSync(0, "utf8"), source: "stdin", cwd };
  if (arg !== undefined) return { text: arg, source: "the argument", cwd };
  const buffer = await ctx.tmux.topBuffer();
  if (buffer === null) throw new AgentmuxError("there is no tmux paste buffer to route", { hint: "copy something in tmux first, or pass THING ('-' reads stdin)" });
  return { text: buffer, source: "the paste buffer", cwd };
}

/** A running session picked on the terminal (@inquirer/prompts' select, on stderr). */
async function pickSession(sessions: readonly NamedSession[]): Promise<NamedSession> {
  if (sessions.length === 0) throw new AgentmuxError("no session is running to route to", { hint: "leave out --pick to start one" });
  if (process.stdin.isTTY !== true || process.stderr.isTTY !== true) throw new AgentmuxError("--pick needs a terminal", { hint: "name the session with --to" });
  const { select } = await import("@inquirer/prompts");
  try {
    return await select({
      message: "route to which session?",
      choices: sessions.map((s) => ({ name: `${s.name}  ${s.backend}  ${s.dir}  ${s.pane}`, value: s })),
      pageSize: 15,
      loop: false,
    }, { output: process.stderr });
  } catch (error) {
    if (error instanceof Error && (error.name === "ExitPromptError" || error.name === "AbortPromptError")) throw new AgentmuxError("nothing routed: the question was cancelled", { hint: "run it again and pick a session" });
    throw error;
  }
}
