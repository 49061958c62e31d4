import type { Command } from "commander";
import { concludeSide } from "../branch/side-conclude.ts";
import { dismissChoice, dismissSide, type DismissChoice } from "../branch/side-dismiss.ts";
import { describePane, isSide, sideRows, toggleTarget, type SideKeys } from "../branch/side-family.ts";
import { quoteDestination, selectionOf, typeQuote } from "../branch/side-send.ts";
import { readSideLinks, sideLinksFile } from "../branch/side-links.ts";
import { startSide } from "../branch/side-open.ts";
import { planSide, refuseSide } from "../branch/side-plan.ts";
import { resumeSide } from "../branch/side-resume.ts";
import { listSessions, type NamedSession } from "../session/store.ts";
import { resolveTarget } from "../session/target.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import { confirm } from "./confirm.ts";
import { Context, printJson } from "./context.ts";
import { currentPane, jumpTo, tell } from "./on-client.ts";
import { requireControl } from "../control/gate.ts";
import { notifyTyped } from "./typed.ts";
import { adoptServerHomes } from "../accounts/server-homes.ts";
import { err, out, shown, warn } from "../util/terminal-text.ts";

interface KeyOptions { client?: string; json?: boolean }

/**
 * Run a side verb; from a key binding (--client) its error is shown in that client's status line too.
 * A flag `side` has as well (--json, --client) is parsed by `side` wherever it stands: the
 * subcommand's options are its own merged with those.
 */
function keyed<A extends unknown[]>(run: (ctx: Context, ...args: A) => Promise<void>): (...args: [...A, Command]) => Promise<void> {
  return async (...args) => {
    const command = args[args.length - 1] as Command;
    const ctx = Context.of(command);
    const merged = { ...(args[args.length - 2] as object), ...command.optsWithGlobals() };
    const client = (merged as KeyOptions).client;
    try {
      await run(ctx, ...([...args.slice(0, -2), merged] as unknown as A));
    } catch (error) {
      if (client) await ctx.tmux.displayMessage(`agentmux: ${(error as Error).message}`, client).catch(() => undefined);
      throw error;
    }
  };
}

/** The session TARGET names, else the one of the pane this runs in (or the key binding's client shows). */
async function subject(ctx: Context, target: string | undefined, client: string | undefined, sessions: NamedSession[], verb: string): Promise<NamedSession> {
  const pane = target ?? process.env["AGENTMUX_SESSION"] ?? (await currentPane(ctx, client, undefined));
  const words = verb ? `side ${verb}` : "side";
  if (!pane) throw new AgentmuxError(`${words} needs a TARGET outside tmux`, { hint: `name a session: agentmux ${words} NAME (see agentmux list)` });
  return resolveTarget(pane, sessions);
}

/** The pane a person is in, when there is one (a key binding's client, or $TMUX_PANE of the server this talks to). */
async function herePane(ctx: Context, target: string | undefined, client: string | undefined): Promise<string | undefined> {
  return target ?? (await currentPane(ctx, client, undefined));
}

/** Whether to take the person to a pane: a key binding's client, or a person inside this tmux (never an agent driving us). */
function focusing(ctx: Context, client: string | undefined): boolean {
  return Boolean(client) || (!process.env["AGENTMUX_SESSION"] && Boolean(process.env["TMUX"]) && !ctx.server.socketName && !ctx.server.socketPath);
}

/** The side table's keys as the plugin bound them (tmux/agentmux.tmux). */
async function sideKeys(ctx: Context): Promise<SideKeys> {
  const option = async (name: string, fallback: string) => ((await ctx.tmux.getOption("global", name).catch(() => "")).split("\n")[0]?.trim() || fallback);
  const prefix = await option("prefix", "C-b");
  return { table: `${prefix} ${await option("@agentmux-side-key", "e")}`, toggle: "b", conclude: "q", sendSelection: "r", dismiss: "k" };
}

interface OpenOptions extends KeyOptions { quote?: string; fromSelection?: boolean; message?: string }

async function openSide(ctx: Context, target: string | undefined, options: OpenOptions, quoted?: string): Promise<void> {
  await requireControl(ctx, "side");
  // Conversations are where the tmux server's panes write them (only the verbs that read them ask).
  await adoptServerHomes(ctx.tmux);
  if (options.quote !== undefined && options.fromSelection) throw new AgentmuxError("--quote and --from-selection cannot be used together", { hint: "quote the given text, or the selection: one of them" });
  const sessions = await listSessions(ctx.tmux);
  const parent = await subject(ctx, target, options.client, sessions, "");
  // Everything is checked before the selection is read: a refusal leaves the selection where it was.
  const width = Number((await ctx.tmux.query(parent.pane, "#{window_width}"))?.split("\n")[0]) || 0;
  refuseSide(parent, ctx.config);
  let quote = quoted ?? options.quote;
  if (options.fromSelection) {
    quote = (await selectionOf(ctx.tmux, parent.pane)) ?? undefined;
    if (quote === undefined) throw new AgentmuxError(`nothing to quote: ${parent.name} (${parent.pane}) has no copy-mode selection and tmux has no paste buffer`, { hint: "select text in copy mode (prefix [), or pass --quote TEXT" });
  }
  const plan = planSide(parent, ctx.config, { windowWidth: width, quote, message: options.message });
  if (plan.prepared.accountNotice) err(shown`agentmux: ${plan.prepared.accountNotice}\n`);
  const at = Date.now();
  const { pane } = await startSide(ctx.tmux, { request: plan.request, prepared: plan.prepared, typed: plan.typed, title: plan.title, ownWindow: plan.placement === "window" });
  if (plan.request.prompt !== undefined) await notifyTyped(ctx, pane, "submit", at);
  if (focusing(ctx, options.client)) await jumpTo(ctx, pane, options.client).catch(() => undefined);
  if (options.json) printJson({ ok: true, pane, parent: parent.pane, placement: plan.placement, policyVersion: plan.policyVersion, submitted: plan.request.prompt !== undefined });
  else await tell(ctx, options.client, `${pane}: side conversation of ${parent.name} (${parent.pane})${plan.placement === "window" ? ", in a window of its own (the parent's window is too narrow)" : ""}`);
}

export function registerSide(program: Command): void {
  const side = program
    .command("side")
    .description("ask a side question in a fork of a session, beside it, without derailing it")
    .argument("[target]", "the session to fork (default: the current pane)")
    .option("--quote <text>", "quote this text in the side's input line (a Markdown block quote), unsent")
    .option("--from-selection", "quote the parent pane's copy-mode selection (else tmux's newest paste buffer)")
    .option("-m, --message <text>", "a first question, submitted at once; the side is named after it")
    .option("--client <name>", "the tmux client a key binding runs for (messages go to its status line)")
    .option("--json", "print the new side as JSON")
    .action(keyed((ctx, target: string | undefined, options: OpenOptions) => openSide(ctx, target, options)));

  side.command("toggle").description("move between a side conversation and its parent (the newest side)")
    .argument("[target]", "the pane to move from (default: the current pane)")
    .option("--client <name>", "the tmux client to move (key bindings pass #{client_name})")
    .option("--json", "print where it went as JSON")
    .action(keyed(async (ctx, target: string | undefined, options: KeyOptions) => {
      const sessions = await listSessions(ctx.tmux);
      const to = toggleTarget(await subject(ctx, target, options.client, sessions, "toggle"), sessions);
      await jumpTo(ctx, to.pane, options.client);
      if (options.json) printJson({ ok: true, pane: to.pane, name: to.name });
    }));

  side.command("send-selection").description("quote the selection (or the paste buffer) into the other end's input line, unsent")
    .argument("[target]", "the pane whose selection is quoted (default: the current pane)")
    .option("--client <name>", "the tmux client a key binding runs for")
    .option("--json", "print where it went as JSON")
    .action(keyed(async (ctx, target: string | undefined, options: KeyOptions) => {
      const sessions = await listSessions(ctx.tmux);
      const here = await herePane(ctx, target, options.client);
      const current = here ? sessions.find((s) => s.pane === here) ?? (target ? resolveTarget(target, sessions) : null) : null;
      const destination = quoteDestination(current, sessions);
      const text = await selectionOf(ctx.tmux, current?.pane ?? here);
      if (text === null) throw new AgentmuxError("nothing to quote: no copy-mode selection here and tmux has no paste buffer", { hint: "select text in copy mode (prefix [) first" });
      if (destination.kind === "new-side") { await openSide(ctx, destination.of.pane, { client: options.client, json: options.json }, text); return; }
      const into = destination.kind === "pane" ? destination.to : await pickOpenSide(destination.among);
      await typeQuote(ctx.tmux, into, text);
      if (focusing(ctx, options.client)) await jumpTo(ctx, into.pane, options.client).catch(() => undefined);
      if (options.json) printJson({ ok: true, pane: into.pane, name: into.name });
    }));

  side.command("list").description("every open side conversation: what it was forked from, how its parent is doing, how long it has been open; and the kept ones")
    .option("--json", "print them as JSON")
    .action(async (own: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      const options = { ...own, ...command.optsWithGlobals<{ json?: boolean }>() };
      const rows = sideRows(await listSessions(ctx.tmux), Date.now());
      let kept: ReturnType<typeof readSideLinks> = [];
      try {
        kept = readSideLinks(sideLinksFile(places().stateDir));
      } catch (error) {
        warn((error as Error).message);
      }
      if (options.json) { printJson({ open: rows, kept }); return; }
      if (rows.length === 0 && kept.length === 0) { out(shown`no side conversation is open\n`); return; }
      for (const r of rows) out(shown`${r.pane}\t${r.name}\tof ${r.parentName}${r.parentPane ? shown` (${r.parentPane})` : ""}\tparent ${r.parentState}\topen ${r.openFor}\n`);
      for (const k of kept) out(shown`kept\t${k.fork}\tof ${k.parentName || k.parent || "(unknown)"}\t${k.backend}\t${k.dir}\tkept ${new Date(k.keptAt).toISOString()}\n`);
    });

  side.command("describe").description("say what the current pane is (a side, a parent with sides, neither) and how to leave it")
    .argument("[target]", "the pane to describe (default: the current pane)")
    .option("--client <name>", "show it in this client's status line")
    .action(keyed(async (ctx, target: string | undefined, options: KeyOptions) => {
      const sessions = await listSessions(ctx.tmux);
      const here = await herePane(ctx, target ?? process.env["AGENTMUX_SESSION"], options.client);
      const current = here ? sessions.find((s) => s.pane === here) ?? (target ? resolveTarget(target, sessions) : null) : null;
      await tell(ctx, options.client, describePane(current, sessions, await sideKeys(ctx)));
    }));

  side.command("conclude").description("ask the side for a summary, type it into the parent's input line (unsent), close the side")
    .argument("[target]", "the side conversation (default: the current pane)")
    .option("--timeout <secs>", "how long the summary may take", "600")
    .option("--client <name>", "the tmux client a key binding runs for")
    .option("--json", "print the result as JSON")
    .action(keyed(async (ctx, target: string | undefined, options: KeyOptions & { timeout: string }) => {
      await requireControl(ctx, "side conclude");
      await adoptServerHomes(ctx.tmux);
      const timeout = Number(options.timeout);
      if (!Number.isFinite(timeout) || timeout <= 0) throw new AgentmuxError(`--timeout ${options.timeout} is not a positive number of seconds`, { hint: "e.g. --timeout 300" });
      const sideSession = await subject(ctx, target, options.client, await listSessions(ctx.tmux), "conclude");
      if (options.client) await tell(ctx, options.client, `agentmux: asking ${sideSession.name} for a summary…`);
      const done = await concludeSide(ctx.tmux, sideSession, ctx.config, { timeoutMs: timeout * 1000, typed: (pane, at) => notifyTyped(ctx, pane, "submit", at) });
      if (focusing(ctx, options.client)) await jumpTo(ctx, done.parent, options.client).catch(() => undefined);
      if (options.json) printJson({ ok: true, ...done });
      else await tell(ctx, options.client, `the summary of ${sideSession.name} waits in ${done.parentName}'s input line (${done.parent}); the side is closed`);
    }));

  side.command("dismiss").description("close a side conversation: delete its stored conversation, or keep it for side resume (side.onDismiss)")
    .argument("[target]", "the side conversation (default: the current pane)")
    .option("--keep", "keep it (side resume reopens it)")
    .option("--delete", "delete the fork's stored conversation")
    .option("--client <name>", "the tmux client a key binding runs for")
    .option("--json", "print the result as JSON")
    .action(keyed(async (ctx, target: string | undefined, options: KeyOptions & { keep?: boolean; delete?: boolean }) => {
      await requireControl(ctx, "side dismiss");
      await adoptServerHomes(ctx.tmux);
      if (options.keep && options.delete) throw new AgentmuxError("--keep and --delete cannot be used together", { hint: "choose one, or neither for side.onDismiss" });
      const sideSession = await subject(ctx, target, options.client, await listSessions(ctx.tmux, { includeExited: false }), "dismiss");
      if (!isSide(sideSession)) throw new AgentmuxError(`${sideSession.name} (${sideSession.pane}) is not a side conversation`, { hint: "agentmux side list shows the open ones; agentmux kill closes any session" });
      const flag: DismissChoice | undefined = options.keep ? "keep" : options.delete ? "delete" : undefined;
      const ask = process.stdin.isTTY === true ? () => confirm(`Delete ${sideSession.name}'s stored conversation? (no keeps it for agentmux side resume)`) : null;
      const choice = await dismissChoice(ctx.config.side.onDismiss, flag, ask);
      const done = await dismissSide(ctx.tmux, sideSession, ctx.config, choice);
      if (options.json) printJson({ ok: true, ...done });
      else await tell(ctx, options.client, choice === "keep" ? `closed ${sideSession.name}; kept ${done.link?.fork ?? ""} (agentmux side resume ${done.link?.fork ?? ""})` : `closed ${sideSession.name}; deleted ${done.removed.length} stored file${done.removed.length === 1 ? "" : "s"}`);
    }));

  side.command("resume").description("reopen a kept side conversation (the newest, or by id), with the side policy sent again")
    .argument("[id]", "the kept side's native id, or a unique prefix of it (agentmux side list)")
    .option("--json", "print the result as JSON")
    .action(async (id: string | undefined, own: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      await adoptServerHomes(ctx.tmux);
      const options = { ...own, ...command.optsWithGlobals<{ json?: boolean }>() };
      await requireControl(ctx, "side resume");
      const done = await resumeSide(ctx.tmux, ctx.config, id);
      if (done.note) err(shown`agentmux: ${done.note}\n`);
      if (focusing(ctx, undefined)) await jumpTo(ctx, done.pane, undefined).catch(() => undefined);
      if (options.json) printJson({ ok: true, pane: done.pane, id: done.link.fork, consumed: done.consumed, olderPolicy: done.olderPolicy });
      else out(shown`${done.pane}: resumed side ${done.link.fork}${done.consumed ? "" : " (it did not report its conversation yet: its record is kept)"}\n`);
      if (!done.consumed) process.exitCode = EXIT.failure;
    });
}

/** The open side to quote into from a pane that is not a conversation, when several are open: asked at a terminal. */
async function pickOpenSide(sides: NamedSession[]): Promise<NamedSession> {
  const list = () => sides.map((s) => `${s.name} (${s.pane})`).join(", ");
  if (process.stdin.isTTY !== true) throw new AgentmuxError(`several side conversations are open: ${list()}`, { hint: "run it from the side (or its parent) you mean, or at a terminal to choose" });
  const { select } = await import("@inquirer/prompts");
  const pane = await select({ message: "Quote into which side conversation?", choices: sides.map((s) => ({ name: `${s.name} (${s.pane})`, value: s.pane })) }, { output: process.stderr });
  return sides.find((s) => s.pane === pane) as NamedSession;
}
