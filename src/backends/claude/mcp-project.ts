import { existsSync } from "node:fs";
import { join } from "node:path";
import { AgentmuxError } from "../../util/errors.ts";
import { writeFileAtomic } from "../../util/atomic-write.ts";
import { backupFile } from "../../util/backup.ts";
import { isJsonObject } from "../../util/json.ts";
import { KiB, readRegularText } from "../../util/regular-file.ts";

/** Claude Code's project-scoped MCP servers: `.mcp.json` at the project's top (what `claude mcp add --scope project` writes). */
export function projectMcpFile(dir: string): string {
  return join(dir, ".mcp.json");
}

const MAX = 256 * KiB;

/** I/O: the project's .mcp.json as an object (none: empty); only a regular file of at most 256 KiB is read, and it must be a JSON object. */
function readProjectFile(file: string): Record<string, unknown> | null {
  if (!existsSync(file)) return null;
  const text = readRegularText(file, { maxBytes: MAX });
  let value: unknown;
  try { value = JSON.parse(text); } catch (error) {
    throw new AgentmuxError(`${file} is not valid JSON: ${(error as Error).message}`, { hint: "fix it (or move it away); agentmux leaves it as it is" });
  }
  if (!isJsonObject(value)) throw new AgentmuxError(`${file} is not a JSON object`, { hint: "fix it (or move it away); agentmux leaves it as it is" });
  return value;
}

function write(file: string, value: Record<string, unknown>, existed: boolean): string | null {
  const backup = existed ? backupFile(file, "agentmux-backup") : null;
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`, 0o644);
  return backup;
}

/** I/O: agentmux's server in the project's .mcp.json (the other servers and keys kept, the old file backed up); what changed, or null. */
export function addProjectServer(dir: string, command: readonly string[]): string | null {
  const file = projectMcpFile(dir);
  const current = readProjectFile(file);
  const servers = isJsonObject(current?.["mcpServers"]) ? current["mcpServers"] : {};
  const [program = "agentmux", ...args] = command;
  const wanted = { type: "stdio", command: program, args };
  if (JSON.stringify(servers["agentmux"]) === JSON.stringify(wanted)) return null;
  const backup = write(file, { ...(current ?? {}), mcpServers: { ...servers, agentmux: wanted } }, current !== null);
  return `${file}: agentmux runs ${command.join(" ")} for this project${backup ? ` (the old file is ${backup})` : ""}; Claude Code asks once before it uses a project's server`;
}

/** I/O: agentmux's server out of the project's .mcp.json (nothing else changed); what changed, or null. */
export function removeProjectServer(dir: string): string | null {
  const file = projectMcpFile(dir);
  const current = readProjectFile(file);
  const servers = isJsonObject(current?.["mcpServers"]) ? current["mcpServers"] : null;
  if (!current || !servers || !("agentmux" in servers)) return null;
  const { agentmux: _removed, ...rest } = servers;
  const backup = write(file, { ...current, mcpServers: rest }, true);
  return `${file}: agentmux removed${backup ? ` (the old file is ${backup})` : ""}`;
}
