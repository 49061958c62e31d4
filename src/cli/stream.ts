import type { Command } from "commander";
import { serveStream } from "../hosts/serve.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { Context } from "./context.ts";
import { VERSION } from "./version.ts";

export function registerStream(program: Command): void {
  program
    .command("stream")
    .description("print this machine's sessions as JSON lines, again on every change (what another machine's agentmux reads over ssh: docs/hosts.md)")
    .requiredOption("--protocol <n>", "the stream protocol the reader speaks")
    .action(async (options: { protocol: string }, command: Command) => {
      const protocol = Number(options.protocol);
      if (!Number.isSafeInteger(protocol) || protocol < 1) throw new AgentmuxError(`--protocol ${options.protocol}: not a protocol version`, { hint: "agentmux on the other machine passes it: --protocol 1", exitCode: EXIT.usage });
      await serveStream(Context.of(command).tmux, protocol, { out: process.stdout, input: process.stdin, version: VERSION });
    });
}
