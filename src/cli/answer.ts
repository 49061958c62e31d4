import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { answerItem, replyTo } from "../inbox/act.ts";
import { actDeps } from "../inbox/open.ts";
import { keyList, KEYS_HINT } from "../remote/keys.ts";
import { findSession } from "../session/store.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { out, shown } from "../util/terminal-text.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";

interface AnswerOptions { dialog?: string; reply?: string; json?: boolean }

/**
 * `agentmux answer TARGET KEYS... --dialog DIGEST` (or `--reply TEXT`): what the inbox's keys do,
 * for a script or another machine's inbox (docs/hosts.md). The keys go in only while the screen
 * still shows the dialog whose digest was given (an Ask's `dialog`, from `inbox --json`); a reply
 * only into the input line, where no other dialog has opened. Anything else: nothing is typed.
 */
export function registerAnswer(program: Command): void {
  program
    .command("answer")
    .description("answer a session's dialog (keys) or reply to it (--reply), only while it shows the dialog given by --dialog (the digest inbox --json prints)")
    .argument("<target>", "pane id, display name or instance name")
    .argument("[keys...]", "the keys that answer it: a digit, y, n, Enter, Escape, arrows, or a letter of its options")
    .requiredOption("--dialog <digest>", "the digest of the dialog answered (the ask's dialog field of inbox --json; \"\" when none was shown)")
    .option("--reply <text>", "type TEXT into the input line and submit it instead ('-': standard input)")
    .option("--json", "print the result as JSON")
    .action(async (target: string, keys: string[], options: AnswerOptions, command: Command) => {
      const ctx = Context.of(command);
      if ((options.reply === undefined) === (keys.length === 0)) throw new AgentmuxError("answer takes KEYS or --reply TEXT", { hint: "e.g. agentmux answer build 1 --dialog DIGEST, or --reply 'yes, go on'", exitCode: EXIT.usage });
      if (keys.length > 0) {
        const listed = keyList(keys);
        if (!listed.ok) throw new AgentmuxError(`key ${listed.refused} is not one that answers a dialog`, { hint: KEYS_HINT, exitCode: EXIT.usage });
      }
      await requireControl(ctx, "answer");
      const session = await findSession(ctx.tmux, target);
      const item = { pane: session.pane, name: session.name, backend: session.backend, ask: { dialog: options.dialog ?? "" } };
      const deps = actDeps(ctx.tmux);
      const text = options.reply === "-" ? readFileSync(0, "utf8").replace(/\n$/, "") : options.reply;
      if (text !== undefined && text.trim() === "") throw new AgentmuxError("the reply is empty", { hint: "give the text to send", exitCode: EXIT.usage });
      const done = text !== undefined ? await replyTo(deps, item, text) : await answerItem(deps, item, keys, keys.join(" "));
      if (!done.sent) throw new AgentmuxError(done.notice, { hint: "agentmux inbox --json shows what it asks now" });
      if (options.json) printJson({ ok: true, pane: session.pane, name: session.name, said: done.notice });
      else out(shown`ok: ${done.notice}\n`);
    });
}
