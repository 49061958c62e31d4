import type { Manifest } from "./types.ts";

/** What tmux and ps say about a pane. `processes`: command lines (or names) of the processes under the pane. */
export interface PaneFacts {
  command?: string | undefined;
  processes?: readonly string[] | undefined;
  title?: string | undefined;
}

/**
 * The agent running in a pane, or null: the pane's current command first, then the processes under
 * it (Codex and Gemini run as `node …/codex.js`), then the title; earlier manifests win ties.
 */
export function identifyAgent(manifests: readonly Manifest[], facts: PaneFacts): string | null {
  const command = facts.command ? programName(facts.command) : "";
  if (command) {
    const byCommand = manifests.find((m) => m.match.commands.some((c) => programName(c) === command));
    if (byCommand) return byCommand.name;
  }
  for (const process of facts.processes ?? []) {
    const byProcess = manifests.find((m) => m.match.processes.some((p) => processMatches(p, process)));
    if (byProcess) return byProcess.name;
  }
  const title = facts.title ?? "";
  if (title) {
    const byTitle = manifests.find((m) => m.match.titles.some((re) => re.test(title)));
    if (byTitle) return byTitle.name;
  }
  return null;
}

/** The program and, for an interpreter (`node x.js`), its script: the first word and the first non-option word after it. */
function programWords(commandLine: string): string[] {
  const words = commandLine.trim().split(/\s+/);
  const script = words.slice(1).find((w) => !w.startsWith("-"));
  return [words[0] ?? "", ...(script ? [script] : [])];
}

/** A pattern with a slash is a piece of the command line (a path may hold spaces); one without, the program's or its script's name. */
function processMatches(pattern: string, commandLine: string): boolean {
  if (pattern.includes("/")) return commandLine.includes(pattern);
  return programWords(commandLine).some((w) => programName(w) === pattern);
}

function programName(path: string): string {
  return (path.split("/").pop() ?? "").replace(/\.(?:c|m)?js$/, "");
}
