import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isJsonObject, type JsonObject } from "../../util/json.ts";
import { readClaudeJson, writeClaudeJson, type ReadOptions } from "./json.ts";

/** Set once the user has done them in any home: the onboarding, and a project's trust dialog. */
const DONE_FLAGS = ["hasCompletedOnboarding"] as const;
const PROJECT_DONE_FLAGS = ["hasTrustDialogAccepted", "hasCompletedProjectOnboarding"] as const;
/** The user's choices, taken where the account has made none. */
const CHOICES = ["theme", "lastOnboardingVersion"] as const;

const clone = <T>(value: T): T => structuredClone(value);

/**
 * What an account's .claude.json takes from the canonical one: the onboarding done, the theme,
 * user-scope MCP servers it lacks, and the projects the user trusts (an unknown project whole).
 * Never the account's identity (oauthAccount, userID, API key answers) or its counters.
 * Pure: answers the merged value and what changed, in words.
 */
export function mergeClaudeJson(canonical: JsonObject, account: JsonObject): { value: JsonObject; changed: string[] } {
  const value = clone(account);
  const changed: string[] = [];
  for (const key of DONE_FLAGS) {
    if (canonical[key] === true && value[key] !== true) { value[key] = true; changed.push(key); }
  }
  for (const key of CHOICES) {
    if (canonical[key] !== undefined && value[key] === undefined) { value[key] = clone(canonical[key]); changed.push(key); }
  }
  const servers = canonical["mcpServers"];
  if (isJsonObject(servers)) {
    const own = isJsonObject(value["mcpServers"]) ? value["mcpServers"] : {};
    for (const [name, server] of Object.entries(servers)) {
      if (own[name] === undefined) { own[name] = clone(server); changed.push(`mcpServers.${name}`); }
    }
    if (Object.keys(own).length > 0) value["mcpServers"] = own;
  }
  const projects = canonical["projects"];
  if (isJsonObject(projects)) {
    const own = isJsonObject(value["projects"]) ? value["projects"] : {};
    for (const [path, project] of Object.entries(projects)) {
      if (!isJsonObject(project) || project["hasTrustDialogAccepted"] !== true) continue;
      const mine = own[path];
      if (!isJsonObject(mine)) { own[path] = clone(project); changed.push(`projects[${path}]`); continue; }
      for (const flag of PROJECT_DONE_FLAGS) {
        if (project[flag] === true && mine[flag] !== true) { mine[flag] = true; changed.push(`projects[${path}].${flag}`); }
      }
    }
    if (Object.keys(own).length > 0) value["projects"] = own;
  }
  return { value, changed };
}

/** "hasCompletedOnboarding, theme, 3 trusted projects, 1 MCP server" */
function summarize(changed: string[]): string {
  const projects = new Set(changed.filter((c) => c.startsWith("projects[")).map((c) => c.slice(0, c.lastIndexOf("]") + 1))).size;
  const servers = changed.filter((c) => c.startsWith("mcpServers.")).length;
  const plain = changed.filter((c) => !c.startsWith("projects[") && !c.startsWith("mcpServers."));
  const counted = (n: number, what: string) => (n === 0 ? [] : [`${n} ${what}${n === 1 ? "" : "s"}`]);
  return [...plain, ...counted(projects, "trusted project"), ...counted(servers, "MCP server")].join(", ");
}

/** The canonical home's .claude.json: inside it when Claude runs with it as CLAUDE_CONFIG_DIR, else beside it ($HOME). */
export function canonicalClaudeJson(canonical: string): string {
  const inside = join(canonical, ".claude.json");
  return existsSync(inside) ? inside : join(dirname(canonical), ".claude.json");
}

/**
 * Bring an account home's .claude.json up to the canonical one (see mergeClaudeJson), written
 * only when something changed. A file that does not parse is left alone (readClaudeJson warns).
 * The account's file is read again just before the write, and the merge redone if the CLI wrote
 * in between. Answers notes for the sync report.
 */
export function syncClaudeJson(canonical: string, home: string, options: ReadOptions = {}): string[] {
  const source = canonicalClaudeJson(canonical);
  const from = readClaudeJson(source, options);
  if (from.kind !== "ok") return from.kind === "invalid" ? [`.claude.json: ${source} does not parse; nothing taken from it`] : [];
  const file = join(home, ".claude.json");
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const to = readClaudeJson(file, options);
    if (to.kind === "invalid") return [`.claude.json: ${file} does not parse; left as it is`];
    const { value, changed } = mergeClaudeJson(from.value, to.kind === "ok" ? to.value : {});
    if (changed.length === 0) return [];
    const before = to.kind === "ok" ? to.text : "";
    if ((existsSync(file) ? readFileSync(file, "utf8") : "") !== before) continue;
    writeClaudeJson(file, value, before);
    return [`.claude.json: took ${summarize(changed)} from ${source}`];
  }
  return [`.claude.json: ${file} kept changing; try agentmux account sync again`];
}
