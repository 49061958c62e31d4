import type { Command } from "commander";
import { err, shown } from "../util/terminal-text.ts";
import { Context, type GlobalOptions } from "./context.ts";
import { VERSION } from "./version.ts";

export function registerMcp(program: Command): void {
  program
    .command("mcp")
    .description("serve the control API to an agent over MCP (stdio): list, read, send, keys, wait, new, group-send, explain (docs/mcp.md)")
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      // The MCP SDK is loaded by this verb alone (a file of its own in dist/, scripts/bundle.mjs).
      const { serveMcp } = await import("../mcp/server.ts");
      // A Context per call: the config is read again, so a change to control.enabled counts at once.
      await serveMcp({ control: () => new Context(globals) }, VERSION, (line) => err(shown`agentmux mcp: ${line}\n`));
    });
}
