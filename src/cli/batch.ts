import type { Command } from "commander";
import { resolve } from "node:path";
import { BACKEND_NAMES } from "../backends/index.ts";
import { backendFlags, orWords, WITH_RUNNER } from "../backends/capable.ts";
import { runBatch, runsRoot, type BatchItem } from "../batch/batch-run.ts";
import { prepareRun, type PreparedRun } from "../batch/prepare.ts";
import { Progress } from "../batch/progress.ts";
import { formatSummary } from "../batch/summary.ts";
import { collectTodos, parseLineRange, syntaxOf, TODO_FILE_MAX, type TodoScope } from "../batch/todos.ts";
import { AgentmuxError } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import { isFileRefused, readRegularText } from "../util/regular-file.ts";
import { confirm } from "./confirm.ts";
import { Context, printJson } from "./context.ts";
import { block, err, out, shown } from "../util/terminal-text.ts";

interface BatchOptions { lines?: string; heading?: string; dir?: string; backend?: string; account?: string; concurrency?: string; yes?: boolean; json?: boolean }
interface AuditOptions { backend?: string; account?: string; yes?: boolean; json?: boolean }

const backendHelp = `${BACKEND_NAMES.join(", ")} (default from config; ${orWords(WITH_RUNNER)} ${WITH_RUNNER.length === 1 ? "has" : "have"} a non-interactive mode)`;

function concurrencyOf(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new AgentmuxError(`--concurrency "${text}" is not a number from 1 to 64`, { hint: "e.g. --concurrency 2" });
  return n;
}

/** Ask before starting, at a terminal; without one refuse unless --yes (what to add is in the hint). */
async function confirmStart(question: string, yes: boolean | undefined, verb: string): Promise<void> {
  if (yes) return;
  if (process.stdin.isTTY !== true || process.stderr.isTTY !== true) {
    throw new AgentmuxError(`${verb} asks before it starts, and there is no terminal to ask at`, { hint: `add --yes to start without asking` });
  }
  if (!(await confirm(question))) throw new AgentmuxError(`${verb}: nothing started`, { exitCode: 1 });
}

/**
 * Run the items with Ctrl-C handled: the first stops the queue (running entries finish), a
 * second ends them; the summary is printed and written either way.
 */
async function runWithSummary(kind: "batch" | "audit", source: string | null, prepared: PreparedRun, items: BatchItem[], concurrency: number, json: boolean | undefined): Promise<void> {
  const stop = new AbortController();
  const kill = new AbortController();
  const progress = new Progress(process.stderr);
  let interrupts = 0;
  const onInterrupt = (): void => {
    interrupts++;
    if (interrupts === 1) {
      stop.abort();
      progress.note("agentmux: stopping: nothing more starts, running entries finish (Ctrl-C again ends them)");
    } else {
      kill.abort();
      progress.note("agentmux: ending the running entries");
    }
  };
  const onTerminate = (): void => { stop.abort(); kill.abort(); };
  process.on("SIGINT", onInterrupt);
  process.on("SIGTERM", onTerminate);
  try {
    const { summary, exitCode } = await runBatch({ kind, source, prepared, items, concurrency, root: runsRoot(places().stateDir), stop: stop.signal, kill: kill.signal, progress });
    if (json) printJson(summary);
    else out(block(formatSummary(summary, process.stdout.columns ?? 100)));
    process.exitCode = exitCode;
  } finally {
    process.off("SIGINT", onInterrupt);
    process.off("SIGTERM", onTerminate);
  }
}

function scopeOf(options: BatchOptions): TodoScope {
  if (options.lines !== undefined && options.heading !== undefined) {
    throw new AgentmuxError("--lines and --heading cannot be used together", { hint: "pick one way to limit the entries" });
  }
  if (options.lines !== undefined) return { kind: "lines", ...parseLineRange(options.lines) };
  if (options.heading !== undefined) return { kind: "heading", text: options.heading };
  return { kind: "all" };
}

function readTodoFile(file: string): string {
  try {
    return readRegularText(file, { maxBytes: TODO_FILE_MAX });
  } catch (error) {
    if (isFileRefused(error)) throw new AgentmuxError(`the TODO file ${error.message}`, { hint: "give a regular Markdown or Org file with TODO entries" });
    throw new AgentmuxError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { hint: "give a Markdown or Org file with TODO entries" });
  }
}

export function registerBatch(program: Command): void {
  program
    .command("batch")
    .description("run a file's TODO entries (Markdown - [ ] items, Org TODO headings) one by one through the agent's non-interactive mode")
    .argument("<file>", "a Markdown or Org (.org) file")
    .option("--lines <A-B>", "only the entries on lines A to B (no question asked)")
    .option("--heading <text>", "only the entries under this heading")
    .option("-d, --dir <dir>", "the directory the entries run in (default: the current directory)")
    .option("-b, --backend <name>", backendHelp)
    .option("-a, --account <name>", "the account to run under")
    .option("--concurrency <n>", "how many entries run at once (default: batch.concurrency, 1)")
    .option("-y, --yes", "start without asking")
    .option("--json", "print the summary as JSON")
    .action(async (file: string, options: BatchOptions, command: Command) => {
      const ctx = Context.of(command);
      const path = resolve(file);
      const scope = scopeOf(options);
      const concurrency = concurrencyOf(options.concurrency, ctx.config.batch.concurrency);
      const entries = collectTodos(readTodoFile(path), syntaxOf(path), scope);
      if (entries.length === 0) {
        throw new AgentmuxError(`no open TODO entries in ${path}${scope.kind === "all" ? "" : " within the given scope"}`, { hint: "entries are Markdown \"- [ ] …\" items or Org \"* TODO …\" headings" });
      }
      const prepared = prepareRun(ctx.config, { backend: options.backend, account: options.account, dir: options.dir });
      if (prepared.notice) err(shown`agentmux: ${prepared.notice}\n`);
      if (scope.kind !== "lines") {
        await confirmStart(`Run ${entries.length} TODO ${entries.length === 1 ? "entry" : "entries"} with ${prepared.backend.label} in ${prepared.dir}?`, options.yes, "batch");
      }
      const items = entries.map((e) => ({ title: e.title, line: e.line, prompt: e.prompt }));
      await runWithSummary("batch", path, prepared, items, concurrency, options.json);
    });

  program
    .command("audit")
    .description("run the configured audit skills (audit.skills) one after another in a directory, logged like a batch")
    .argument("[dir]", "the project directory (default: the current directory)")
    .option("-b, --backend <name>", backendHelp)
    .option("-a, --account <name>", "the account to run under")
    .option("-y, --yes", "start without asking")
    .option("--json", "print the summary as JSON")
    .action(async (dir: string | undefined, options: AuditOptions, command: Command) => {
      const ctx = Context.of(command);
      const skills = ctx.config.audit.skills;
      if (skills.length === 0) {
        throw new AgentmuxError("no audit skills configured: audit.skills is empty", { hint: `list skill names under audit.skills in ${ctx.config.file ?? "~/.config/agentmux/config.yml"}, e.g. audit: {skills: [security-review]}` });
      }
      const prepared = prepareRun(ctx.config, { backend: options.backend, account: options.account, dir });
      const prefix = prepared.backend.skillPrefix;
      if (prefix === undefined) throw new AgentmuxError(`${prepared.backend.label} has no skills to run`, { hint: `use ${backendFlags(WITH_RUNNER)}` });
      if (prepared.notice) err(shown`agentmux: ${prepared.notice}\n`);
      const items = skills.map((name) => ({ title: `${prefix}${name}`, line: null, prompt: `${prefix}${name}` }));
      await confirmStart(`Run ${items.length} audit ${items.length === 1 ? "skill" : "skills"} (${items.map((i) => i.title).join(", ")}) with ${prepared.backend.label} in ${prepared.dir}?`, options.yes, "audit");
      await runWithSummary("audit", null, prepared, items, 1, options.json);
    });
}
