import { existsSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import { AgentmuxError } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import { readAllowStore, readProjectFile, writeAllowStore } from "../session/project-allow.ts";
import { parseProjectFile, PROJECT_FILE } from "../session/project-file.ts";
import { out, shown, warn } from "../util/terminal-text.ts";

interface AllowOptions { revoke?: boolean }

/** DIR (or the project file itself) → the project file's path; it must exist. */
function projectFileOf(given: string | undefined): string {
  const path = resolve(given ?? ".");
  if (!existsSync(path)) throw new AgentmuxError(`${path} does not exist`, { hint: "name the directory that holds the .agentmux.yml: agentmux allow DIR" });
  const file = statSync(path).isDirectory() ? join(path, PROJECT_FILE) : path;
  if (basename(file) !== PROJECT_FILE) throw new AgentmuxError(`${path} is neither a directory nor a ${PROJECT_FILE}`, { hint: "name the directory that holds it: agentmux allow DIR" });
  if (!existsSync(file)) throw new AgentmuxError(`there is no ${PROJECT_FILE} in ${dirname(file)}`, { hint: "name the directory that holds it: agentmux allow DIR" });
  return file;
}

export function registerAllow(program: Command): void {
  program
    .command("allow")
    .description("let a repository's .agentmux.yml take effect (remembered for this content; a changed file asks again)")
    .argument("[dir]", "the directory holding .agentmux.yml (default: the current directory)")
    .option("--revoke", "take the permission back")
    .action((dir: string | undefined, options: AllowOptions) => {
      const file = projectFileOf(dir);
      const stateDir = places().stateDir;
      const read = readProjectFile(file);
      const { store, problem } = readAllowStore(stateDir);
      if (problem) warn(problem);
      if (options.revoke) {
        const had = store.allowed[read.real] !== undefined;
        delete store.allowed[read.real];
        delete store.told[read.real];
        writeAllowStore(stateDir, store);
        out(had ? shown`revoked ${read.real}: it takes no effect until allowed again\n` : shown`${read.real} was not allowed\n`);
        return;
      }
      // A file that would fail at every session start is refused now, before it is trusted.
      const sessions = parseProjectFile(read.text, read.real);
      store.allowed[read.real] = read.hash;
      delete store.told[read.real];
      writeAllowStore(stateDir, store);
      const watches = sessions.reduce((n, s) => n + s.watch.length, 0);
      out(shown`allowed ${read.real} (sha256 ${read.hash.slice(0, 12)}…: ${sessions.length} session(s), ${watches} watch(es)); a changed file asks again\n`);
    });
}
