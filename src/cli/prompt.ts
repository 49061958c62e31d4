import { statSync } from "node:fs";
import type { Command } from "commander";
import { capturePrompt } from "../prompts/capture.ts";
import type { CapturedEntry } from "../prompts/format.ts";
import { insertPrompt } from "../prompts/insert.ts";
import { allCaptures, captureFile, captureKey, entryId, loadCapture, pendingEntries } from "../prompts/store.ts";
import { findSession, type NamedSession } from "../session/store.ts";
import { targetOrCurrent } from "../session/target.ts";
import { AgentmuxError } from "../util/errors.ts";
import { Context, printJson } from "./context.ts";
import { tell } from "./on-client.ts";
import { requireControl } from "../control/gate.ts";
import { out, shown } from "../util/terminal-text.ts";

const entryJson = (e: CapturedEntry) => ({ id: entryId(e), time: e.time, title: e.title, body: e.body });
const entryLine = (e: CapturedEntry) => `${entryId(e)}  ${e.time}  ${e.title}`;

/** The first lines of a body, for the picker's description. */
function preview(body: string): string {
  const lines = body.split("\n");
  return lines.length > 8 ? `${lines.slice(0, 8).join("\n")}\n…` : body;
}

/** Ask which entry to insert (@inquirer/prompts' select, loaded only then; on stderr). undefined: cancelled. */
async function pickEntry(entries: CapturedEntry[]): Promise<CapturedEntry | undefined> {
  const { select } = await import("@inquirer/prompts");
  try {
    return await select({
      message: "insert which captured prompt?",
      choices: entries.map((e) => ({ name: `${e.time}  ${e.title}`, value: e, description: preview(e.body) })),
      pageSize: 10,
      loop: false,
    }, { output: process.stderr });
  } catch (error) {
    if (error instanceof Error && (error.name === "ExitPromptError" || error.name === "AbortPromptError")) return undefined;
    throw error;
  }
}

const isDir = (path: string) => { try { return statSync(path).isDirectory(); } catch { return false; } };

async function session(ctx: Context, target: string | undefined, verb: string, includeExited: boolean): Promise<NamedSession> {
  return findSession(ctx.tmux, targetOrCurrent(target, verb), { includeExited });
}

async function list(ctx: Context, target: string | undefined, options: { all?: boolean; json?: boolean }): Promise<void> {
  if (options.all) {
    if (target !== undefined) throw new AgentmuxError("prompt list --all takes no TARGET", { hint: "drop the TARGET or --all" });
    const files = allCaptures().map(({ path, file }) => ({ ...file.key, file: path, entries: pendingEntries(file) })).filter((f) => f.entries.length > 0);
    if (options.json) { printJson(files.map((f) => ({ ...f, entries: f.entries.map(entryJson) }))); return; }
    if (files.length === 0) { out(shown`no captured prompts\n`); return; }
    for (const f of files) {
      out(shown`${f.backend}${f.account ? shown` (${f.account})` : ""} ${f.dir}${f.instance ? shown` [${f.instance}]` : ""}\n`);
      for (const e of f.entries) out(shown`  ${entryLine(e)}\n`);
    }
    return;
  }
  const s = await session(ctx, target, "prompt list", true);
  const key = captureKey(s);
  const entries = pendingEntries(loadCapture(key));
  if (options.json) printJson({ pane: s.pane, name: s.name, ...key, file: captureFile(key), entries: entries.map(entryJson) });
  else if (entries.length === 0) out(shown`${s.name} has no captured prompts\n`);
  else for (const e of entries) out(shown`${entryLine(e)}\n`);
}

export function registerPrompt(program: Command): void {
  const prompt = program.command("prompt").description("capture prompts for a session to insert later (one Markdown file per session, under the state directory)");
  prompt.command("capture").description("write a prompt for a session in $VISUAL/$EDITOR (inside tmux: in a popup) and keep it in the session's capture file")
    .argument("[target]", "pane id, display name or instance name (default: the current pane)")
    .option("--client <name>", "the tmux client to show the popup on")
    .option("--no-popup", "run the editor in this terminal even inside tmux")
    .option("--json", "print the result as JSON")
    .action(async (target: string | undefined, options: { client?: string; popup: boolean; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      const s = await session(ctx, target, "prompt capture", true);
      const inTmux = Boolean(process.env["TMUX"] || ctx.server.socketName || ctx.server.socketPath);
      const popup = options.popup && inTmux ? { tmux: ctx.tmux, client: options.client, dir: isDir(s.dir) ? s.dir : process.cwd() } : null;
      const done = await capturePrompt({ session: s, popup });
      if (options.json) printJson({ ok: true, captured: done.captured, file: done.file, ...(done.captured ? { entry: entryJson(done.entry) } : {}) });
      else await tell(ctx, options.client, done.captured ? `captured a prompt for ${s.name}: ${done.entry.title}` : `nothing captured for ${s.name} (the prompt was left empty)`);
    });
  prompt.command("insert").description("type a captured prompt into a session's input line, without submitting it, and remove it from the file")
    .argument("[target]", "pane id, display name or instance name (default: the current pane)")
    .option("--pick <id>", "the entry with this id (see prompt list)")
    .option("--first", "the oldest pending entry, without asking")
    .option("--json", "print the result as JSON")
    .action(async (target: string | undefined, options: { pick?: string; first?: boolean; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      if (options.pick !== undefined && options.first) throw new AgentmuxError("prompt insert takes --pick or --first, not both", { hint: "drop one of them" });
      await requireControl(ctx, "prompt insert");
      const s = await session(ctx, target, "prompt insert", false);
      const ask = async (entries: CapturedEntry[]) => {
        if (process.stdin.isTTY !== true) {
          throw new AgentmuxError(`${s.name} has ${entries.length} captured prompts and no terminal to ask which`, { hint: "pass --first or --pick ID (see agentmux prompt list)" });
        }
        return pickEntry(entries);
      };
      const choice = options.pick !== undefined ? { kind: "id" as const, id: options.pick } : options.first ? { kind: "first" as const } : { kind: "ask" as const, ask };
      const entry = await insertPrompt(ctx.tmux, { session: s, choice });
      if (options.json) printJson({ ok: true, pane: s.pane, inserted: entry ? entryJson(entry) : null });
      else out(entry ? shown`typed into ${s.name} (${s.pane}), not submitted: ${entry.title}\n` : shown`nothing inserted\n`);
    });
  prompt.command("list").description("the captured prompts waiting to be inserted")
    .argument("[target]", "pane id, display name or instance name (default: the current pane)")
    .option("--all", "every session's captured prompts")
    .option("--json", "print them as JSON")
    .action(async (target: string | undefined, options: { all?: boolean; json?: boolean }, command: Command) => {
      await list(Context.of(command), target, options);
    });
}
