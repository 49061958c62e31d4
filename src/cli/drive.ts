import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { sendKeysTo } from "../control/keys.ts";
import { readScreen, readTranscript } from "../control/read.ts";
import { typeInto } from "../control/send.ts";
import { formatTurns } from "../lifecycle/session-records.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { Context, printJson } from "./context.ts";
import { checkSendFlags, parseSeconds, runSendFromAgent, runSendList, type SendOptions } from "./send-agent.ts";
import { block, out, shown } from "../util/terminal-text.ts";

export function registerDrive(program: Command): void {
  program
    .command("send")
    .description("type text into a session and submit it (TEXT '-' reads stdin); --from-agent: as another agent's message, confirmed from the recipient's transcript")
    .argument("[target]", "pane id, display name or instance name")
    .argument("[text...]", "the text; '-' or nothing reads standard input")
    .option("--no-enter", "leave the text in the prompt")
    .option("--from-agent", "a message from an agent: a header names the sender and says the user did not type it; succeeds once the recipient's transcript records it")
    .option("--timeout <seconds>", "--from-agent: how long to wait for the transcript (default: send.confirmTimeout)", (v) => parseSeconds(v))
    .option("--list", "list the live sessions an agent may send to (not the caller's own)")
    .option("--json", "print the result as JSON")
    .action(async (target: string | undefined, words: string[], options: SendOptions, command: Command) => {
      const ctx = Context.of(command);
      checkSendFlags(target, options);
      if (options.list) { await runSendList(ctx, options.json === true); return; }
      if (target === undefined) throw new AgentmuxError("send needs a TARGET", { hint: "agentmux send TARGET TEXT; agentmux send --list shows the sessions", exitCode: EXIT.usage });
      const text = words.length === 0 || (words.length === 1 && words[0] === "-") ? readFileSync(0, "utf8").replace(/\n$/, "") : words.join(" ");
      // A message marked as an agent's works with the control API off: the recipient is told the user did not type it.
      if (options.fromAgent) { await runSendFromAgent(ctx, target, text, { timeout: options.timeout, json: options.json }); return; }
      const result = await typeInto(ctx, target, text, { enter: options.enter });
      if (options.json) printJson({ pane: result.pane, name: result.name, submitted: result.submitted, enters: result.enters });
    });

  program
    .command("keys")
    .description("send keys to a session (Escape, Enter, Tab, BTab, Up, C-c, y, n, 1 ...)")
    .argument("<target>", "pane id, display name or instance name")
    .argument("<keys...>", "tmux key names")
    .option("--json", "print the result as JSON")
    .action(async (target: string, keys: string[], options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      const sent = await sendKeysTo(ctx, target, keys);
      if (options.json) printJson({ ok: true, pane: sent.pane, keys });
    });

  program
    .command("read")
    .description("print a session's screen (or its last N lines of scrollback) as plain text; --transcript: its conversation from the CLI's own records")
    .argument("<target>", "pane id, display name or instance name")
    .option("-n, --tail <n>", "the last N lines, scrollback included", (v) => parseCount(v))
    .option("--transcript", "the conversation (user and assistant turns, tool calls in one line) from the CLI's records, not the screen")
    .option("--last <n>", "--transcript: the last N turns", (v) => parseCount(v, "--last"))
    .option("--json", "print {pane, name, text} as JSON (--transcript: an array of {role, text, at})")
    .action(async (target: string, options: { tail?: number; last?: number; transcript?: boolean; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      if (options.transcript && options.tail !== undefined) throw new AgentmuxError("--tail reads the screen, --transcript the records: give one", { hint: "with --transcript, --last N keeps the last N turns", exitCode: EXIT.usage });
      if (!options.transcript && options.last !== undefined) throw new AgentmuxError("--last counts the turns of --transcript", { hint: "add --transcript, or use --tail N for the screen's last lines", exitCode: EXIT.usage });
      if (options.transcript) {
        const { turns } = await readTranscript(ctx, target, options.last);
        if (options.json) printJson(turns);
        else if (turns.length > 0) out(shown`${block(formatTurns(turns))}\n`);
        return;
      }
      const { pane, name, text } = await readScreen(ctx, target, options.tail);
      if (options.json) printJson({ pane, name, text });
      else if (text !== "") out(shown`${block(text)}\n`);
    });
}

export function parseCount(value: string, flag = "--tail"): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new AgentmuxError(`${flag} ${value} is not a positive whole number`, { hint: `e.g. ${flag} 40` });
  return n;
}
