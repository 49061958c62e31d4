import { join } from "node:path";
import type { McpRegistration } from "../shared/types.ts";
import { readConfigText, removeTable, rewriteConfig, setTableValue } from "./config.ts";
import { codexHome } from "./hooks.ts";
import { tomlString } from "./toml.ts";
import { verifiedToml } from "./toml-check.ts";

const TABLE = ["mcp_servers", "agentmux"];

/** Pure: config.toml's text with `[mcp_servers.agentmux]` running `command` (its other keys, such as env, kept). */
export function withAgentmuxServer(text: string, command: readonly string[], file = "config.toml"): string {
  const [program = "agentmux", ...args] = command;
  // Each new key goes just under the header: args first, so command reads first.
  const withArgs = setTableValue(text, TABLE, "args", `[${args.map(tomlString).join(", ")}]`, file);
  return setTableValue(withArgs, TABLE, "command", tomlString(program), file);
}

/** Codex reads its MCP servers from `[mcp_servers.NAME]` tables of $CODEX_HOME/config.toml, which agentmux edits in place (backed up). */
export const codexMcp: McpRegistration = {
  printed: (command) => [
    "## Codex: agentmux's MCP server (docs/mcp.md), in ~/.codex/config.toml (agentmux init --mcp writes it; --undo removes it)",
    "[mcp_servers.agentmux]",
    `command = ${tomlString(command[0] ?? "agentmux")}`,
    `args = [${command.slice(1).map(tomlString).join(", ")}]`,
    "",
  ],
  add(command, env) {
    const file = join(codexHome(env), "config.toml");
    const text = readConfigText(file);
    const next = verifiedToml(withAgentmuxServer(text ?? "", command, file), text, file);
    const { changed, backup } = rewriteConfig(file, next, text);
    return changed ? `${file}: [mcp_servers.agentmux] runs ${command.join(" ")}${backup ? ` (the old file is ${backup})` : ""}` : null;
  },
  registered(env) {
    const text = readConfigText(join(codexHome(env), "config.toml"));
    return text !== undefined && /^\s*\[\s*mcp_servers\.(?:agentmux|"agentmux")\s*\]/m.test(text);
  },
  remove(env) {
    const file = join(codexHome(env), "config.toml");
    const text = readConfigText(file);
    if (text === undefined) return null;
    const next = verifiedToml(removeTable(text, TABLE, file), text, file);
    const { changed, backup } = rewriteConfig(file, next, text);
    return changed ? `${file}: [mcp_servers.agentmux] removed${backup ? ` (the old file is ${backup})` : ""}` : null;
  },
};
