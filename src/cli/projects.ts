import type { Command } from "commander";
import { block, out, safeLine, shown, warn } from "../util/terminal-text.ts";
import { BACKEND_NAMES, getBackend } from "../backends/index.ts";
import { projectAccount } from "../projects/account.ts";
import { abbreviate, projectCandidates, type ProjectCandidate } from "../projects/candidates.ts";
import { places } from "../util/paths.ts";
import { displayWidth, pad } from "../util/width.ts";
import { Context, printJson } from "./context.ts";

interface ProjectsFlags { account?: string; backend?: string; json?: boolean }

/** Pure: one line per candidate: label, directory (~ abbreviated), description, in columns. */
export function formatProjects(candidates: readonly ProjectCandidate[], env: Record<string, string | undefined> = process.env): string {
  const rows = candidates.map((c) => [safeLine(c.label), safeLine(abbreviate(c.directory, env)), safeLine((c.description ?? "").replace(/\s+/g, " ").trim())] as const);
  const widths = [0, 1].map((i) => Math.max(0, ...rows.map((r) => displayWidth(r[i] as string))));
  return rows.map(([label, dir, description]) => `${pad(label, widths[0] as number)}  ${description ? `${pad(dir, widths[1] as number)}  ${description}` : dir}`).join("\n");
}

export function registerProjects(program: Command): void {
  program
    .command("projects")
    .description("the projects a new session can start in, from the account's sources (projects.sources in the config)")
    .option("-a, --account <name>", "match projects.sources against this account (default: the backend's selected account)")
    .option("-b, --backend <name>", `${BACKEND_NAMES.join(", ")} (default from config): whose selected account`)
    .option("--json", "print the candidates as JSON: label, directory, repository, description")
    .action((options: ProjectsFlags, command: Command) => {
      const ctx = Context.of(command);
      const backend = getBackend(options.backend ?? ctx.config.defaultBackend);
      const account = projectAccount(backend.name, options.account, places().stateDir);
      const { candidates, problems } = projectCandidates(account, ctx.config);
      for (const problem of problems) warn(problem);
      if (options.json) { printJson(candidates); return; }
      out(shown`${block(formatProjects(candidates))}\n`);
    });
}
