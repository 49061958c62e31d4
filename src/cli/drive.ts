import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { promptLineOf } from "../backends/index.ts";
import { sendText } from "../session/send.ts";
import { findSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { stripAnsi, trimScreen } from "../util/text.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "./permission.ts";
import { notifyTyped } from "./typed.ts";

export function registerDrive(program: Command): void {
  program
    .command("send")
    .description("type text into a session and submit it (TEXT '-' reads stdin)")
    .argument("<target>", "pane id, display name or instance name")
    .argument("[text...]", "the text; '-' or nothing reads standard input")
    .option("--no-enter", "leave the text in the prompt")
    .option("--json", "print the result as JSON")
    .action(async (target: string, words: string[], options: { enter: boolean; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      await requireControl(ctx, "send");
      const session = await findSession(ctx.tmux, target, { includeExited: true });
      const text = words.length === 0 || (words.length === 1 && words[0] === "-") ? readFileSync(0, "utf8").replace(/\n$/, "") : words.join(" ");
      if (session.dead) throw new AgentmuxError(`session ${session.name} (${session.pane}) has exited`, { hint: "start it again with agentmux new" });
      const typing = Date.now();
      const result = await sendText(ctx.tmux, session.pane, text, { enter: options.enter, promptLine: promptLineOf(session.backend) });
      if (options.enter) await notifyTyped(ctx, session.pane, "submit", typing);
      if (options.json) printJson({ pane: session.pane, name: session.name, submitted: options.enter, enters: result.enters });
    });

  program
    .command("keys")
    .description("send keys to a session (Escape, Enter, Tab, BTab, Up, C-c, y, n, 1 ...)")
    .argument("<target>", "pane id, display name or instance name")
    .argument("<keys...>", "tmux key names")
    .option("--json", "print the result as JSON")
    .action(async (target: string, keys: string[], options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      await requireControl(ctx, "keys");
      const session = await findSession(ctx.tmux, target, { includeExited: true });
      if (session.dead) throw new AgentmuxError(`session ${session.name} (${session.pane}) has exited`, { hint: "start it again with agentmux new" });
      await ctx.tmux.sendKeys(session.pane, keys);
      await notifyTyped(ctx, session.pane, keys.includes("Escape") ? "escape" : "keys");
      if (options.json) printJson({ ok: true, pane: session.pane, keys });
    });

  program
    .command("read")
    .description("print a session's screen (or its last N lines of scrollback) as plain text")
    .argument("<target>", "pane id, display name or instance name")
    .option("-n, --tail <n>", "the last N lines, scrollback included", (v) => parseCount(v))
    .option("--json", "print {pane, name, text} as JSON")
    .action(async (target: string, options: { tail?: number; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      const session = await findSession(ctx.tmux, target, { includeExited: true });
      if (!session.window) throw new AgentmuxError(`session ${session.name} (${session.pane}) has exited and its pane is gone`, { hint: "nothing is left to read" });
      const raw = await ctx.tmux.capture(session.pane, options.tail === undefined ? {} : { history: options.tail });
      let text = trimScreen(stripAnsi(raw));
      if (options.tail !== undefined) text = text.split("\n").slice(-options.tail).join("\n");
      if (options.json) printJson({ pane: session.pane, name: session.name, text });
      else process.stdout.write(text === "" ? "" : `${text}\n`);
    });
}

export function parseCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new AgentmuxError(`--tail ${value} is not a positive whole number`, { hint: "e.g. --tail 40" });
  return n;
}
