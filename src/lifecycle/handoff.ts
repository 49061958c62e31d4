import { realpathSync, statSync } from "node:fs";
import { basename, resolve } from "node:path";
import { parse } from "yaml";
import { isBackendName, isPlainCommand } from "../backends/index.ts";
import type { Config } from "../config/config.ts";
import { prepareLaunch, windowNameFor, type NewSessionRequest, type Prepared } from "../session/launch.ts";
import { shownWindowName } from "../tmux/commands.ts";
import { projectWatches } from "../session/project-file.ts";
import type { NamedSession } from "../session/store.ts";
import { AgentmuxError, isAgentmuxError } from "../util/errors.ts";
import { expandHome } from "../util/paths.ts";
import { isFileRefused, MiB, readRegularText } from "../util/regular-file.ts";

/** The largest handoff file read: a prompt for the next session, with its front matter. */
export const HANDOFF_FILE_MAX = MiB;

/** A handoff file: the optional front matter's target directory (as written) and the prompt after it. */
export interface Handoff { targetDirectory: string | undefined; prompt: string }

/** Where the new session's directory came from, in order of precedence. */
export type DirectoryOrigin = "argument" | "front matter" | "session";

export interface DirectoryChoice { dir: string; origin: DirectoryOrigin; given: string }

const OPENING = /^---[ \t]*\r?\n/;
const CLOSING = /^(?:---|\.\.\.)[ \t]*$/m;

/** Pure: split a handoff file into its YAML front matter (only target-directory is read) and its text. */
export function parseHandoff(text: string, file: string): Handoff {
  const source = text.replace(/^\uFEFF/, "");
  const opening = OPENING.exec(source);
  if (!opening) return { targetDirectory: undefined, prompt: source.trim() };
  const rest = source.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) throw new AgentmuxError(`handoff file ${file}: its front matter has no closing "---" line`, { hint: "end the front matter with a line of ---; nothing was closed" });
  const yamlText = rest.slice(0, closing.index);
  let data: unknown;
  try {
    data = parse(yamlText);
  } catch (error) {
    const at = (error as { linePos?: Array<{ line: number; col: number }> }).linePos?.[0];
    const where = at ? `${file}:${at.line + 1}:${at.col}` : file;
    throw new AgentmuxError(`handoff file ${where}: front matter is not valid YAML: ${(error as Error).message.split("\n")[0]}`, { hint: "fix the front matter; nothing was closed" });
  }
  if (data !== null && data !== undefined && (typeof data !== "object" || Array.isArray(data))) {
    throw new AgentmuxError(`handoff file ${file}: front matter is not a mapping`, { hint: "write it as target-directory: ../other-project; nothing was closed" });
  }
  const target = (data as Record<string, unknown> | null | undefined)?.["target-directory"];
  if (target !== undefined && target !== null && (typeof target !== "string" || target.trim() === "")) {
    throw new AgentmuxError(`handoff file ${file}: target-directory is not a directory path`, { hint: "write target-directory: ../other-project (absolute, or relative to the session's directory); nothing was closed" });
  }
  const body = rest.slice(closing.index + closing[0].length);
  return { targetDirectory: typeof target === "string" ? target.trim() : undefined, prompt: body.trim() };
}

/**
 * Pure: the new session's directory. An explicit argument (relative to the caller's directory) wins
 * over the front matter (relative to the source session's directory), which wins over the source's.
 */
export function chooseDirectory(input: { explicit?: string | undefined; cwd: string; frontMatter?: string | undefined; sourceDir: string }): DirectoryChoice {
  if (input.explicit) return { dir: resolve(input.cwd, expandHome(input.explicit)), origin: "argument", given: input.explicit };
  if (input.frontMatter) return { dir: resolve(input.sourceDir, expandHome(input.frontMatter)), origin: "front matter", given: input.frontMatter };
  return { dir: input.sourceDir, origin: "session", given: input.sourceDir };
}

/** The chosen directory must exist; the error names where it came from. */
export function checkDirectory(choice: DirectoryChoice, file: string): void {
  let isDir = false;
  try { isDir = statSync(choice.dir).isDirectory(); } catch { /* missing */ }
  if (isDir) return;
  const hint = "nothing was closed";
  if (choice.origin === "front matter") throw new AgentmuxError(`handoff file ${file}: target-directory ${choice.given} is not an existing directory (${choice.dir})`, { hint: `create it, or fix the front matter; ${hint}` });
  if (choice.origin === "argument") throw new AgentmuxError(`target directory ${choice.given} is not an existing directory (${choice.dir})`, { hint: `pass an existing directory; ${hint}` });
  throw new AgentmuxError(`the session's directory ${choice.dir} no longer exists`, { hint: `pass a directory to hand off to (--to DIR); ${hint}` });
}

/** Same directory (symlinks resolved where they exist). */
export function sameDirectory(a: string, b: string): boolean {
  const real = (p: string) => { try { return realpathSync(p); } catch { return resolve(p); } };
  return real(a) === real(b);
}

/** The window name `agentmux new` gives a session, as tmux shows it. */
export function sessionWindowName(dir: string, instance: string | undefined): string {
  return shownWindowName(windowNameFor(dir, instance));
}

/** Pure: with no usable source pane, the single live session in the caller's directory (dirs canonical). */
export function soleSessionIn<T extends { pane: string; name: string; dir: string }>(sessions: T[], dir: string, why: string): T {
  const here = sessions.filter((s) => s.dir === dir);
  if (here.length === 1 && here[0]) return here[0];
  if (here.length === 0) throw new AgentmuxError(`${why}, and no session runs in ${dir}`, { hint: "pass the session's pane: agentmux handoff --from \"$AGENTMUX_SESSION\"" });
  throw new AgentmuxError(`${why}, and several sessions run in ${dir}: ${here.map((s) => `${s.name} (${s.pane})`).join(", ")}`, { hint: "pass the session's pane: agentmux handoff --from PANE" });
}

export interface HandoffPlan {
  session: NamedSession;
  file: string;
  prompt: string;
  directory: DirectoryChoice;
  request: NewSessionRequest;
  prepared: Prepared;
  /** Pattern watchers the new directory's project file declares. */
  watches: string[];
}

/** Check every precondition of a handoff (file, front matter, directory, launch); nothing is touched here. */
export function planHandoff(session: NamedSession, config: Config, options: { to?: string | undefined; cwd: string }): HandoffPlan {
  const refuse = (why: string, hint: string) => new AgentmuxError(`cannot hand off ${session.name} (${session.pane}): ${why}`, { hint });
  if (!isBackendName(session.backend) || isPlainCommand(session.backend)) {
    throw refuse(`a ${isBackendName(session.backend) ? "plain command" : `"${session.backend}" session`} takes no handoff prompt`, "hand off agent sessions only");
  }
  const backend = session.backend;
  const configured = config.backends[backend]?.handoffFile;
  if (!configured) {
    throw refuse(`no handoff file is configured (backends.${backend}.handoffFile)`, `set it in ${config.file ?? "~/.config/agentmux/config.yml"}, e.g. backends: {${backend}: {handoffFile: .${backend}/handoff.md}}`);
  }
  const file = resolve(session.dir, configured);
  let text: string;
  try {
    text = readRegularText(file, { maxBytes: HANDOFF_FILE_MAX });
  } catch (error) {
    if (isFileRefused(error)) throw refuse(`handoff file ${error.message}`, "let the agent write it as a regular file (its handoff skill), then try again; nothing was closed");
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    throw refuse(`handoff file ${file} ${missing ? "does not exist" : `cannot be read: ${(error as Error).message}`}`, "let the agent write it (its handoff skill), then try again; nothing was closed");
  }
  const handoff = parseHandoff(text, file);
  if (handoff.prompt === "") throw refuse(`handoff file ${file} has no handoff text`, "let the agent write it (its handoff skill), then try again; nothing was closed");
  const directory = chooseDirectory({ explicit: options.to, cwd: options.cwd, frontMatter: handoff.targetDirectory, sourceDir: session.dir });
  checkDirectory(directory, file);
  // A new session: fresh identity. The instance name only makes sense in the directory it was given for.
  const instance = session.instance && sameDirectory(directory.dir, session.dir) ? session.instance : undefined;
  const request: NewSessionRequest = {
    backend, dir: directory.dir, account: session.account || undefined, instance, group: session.group || undefined,
    prompt: handoff.prompt, submit: true, split: false, mode: { kind: "new" },
  };
  try {
    const prepared = prepareLaunch(request, config, directory.dir);
    const watches = projectWatches(prepared.dir, [instance ?? basename(prepared.dir)]);
    return { session, file, prompt: handoff.prompt, directory, request, prepared, watches };
  } catch (error) {
    if (isAgentmuxError(error)) throw refuse(error.message, error.hint ?? "fix it and try again; nothing was closed");
    throw error;
  }
}
