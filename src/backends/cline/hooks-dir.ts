import { lstatSync, mkdirSync, readdirSync, readFileSync, unlinkSync, type Dirent } from "node:fs";
import { basename, extname, join } from "node:path";
import { writeFileAtomic } from "../../util/atomic-write.ts";
import { AgentmuxError } from "../../util/errors.ts";
import { shQuote } from "../../util/sh.ts";
import { CLINE_HOOK_EVENTS, CLINE_HOOKS } from "./hook-events.ts";

/** The endings Cline 3.0.65 takes a hook file by (its name before them is the event's, in any case). */
const ENDINGS = ["", ".sh", ".bash", ".zsh", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".py", ".ps1"];

/** The event a file of a hooks directory is run for, by Cline's rule; undefined: not a hook file. */
export function hookEventOf(name: string): string | undefined {
  const ending = extname(name).toLowerCase();
  if (!ENDINGS.includes(ending)) return undefined;
  const stem = basename(name, extname(name)).trim().toLowerCase();
  return Object.keys(CLINE_HOOKS.events).concat("PreCompact").find((event) => event.toLowerCase() === stem);
}

function interpreter(words: string[]): string[] {
  const [first, ...rest] = words;
  if (first === undefined) return [];
  const name = first.replaceAll("\\", "/").toLowerCase().split("/").at(-1) ?? first;
  if (name === "env") return interpreter(rest);
  if (["bash", "sh", "zsh", "python3", "python"].includes(name)) return [name, ...rest];
  return words;
}

/** The command Cline runs a hook file with: its #! line's interpreter, else one by its ending, else bash. */
export function clineHookCommand(path: string, text: string): string[] {
  const first = text.split(/\r?\n/, 1)[0]?.trim() ?? "";
  const shebang = first.startsWith("#!") ? interpreter(first.slice(2).trim().split(/\s+/).filter(Boolean)) : [];
  if (shebang.length > 0) return [...shebang, path];
  const ending = extname(path).toLowerCase();
  if ([".js", ".mjs", ".cjs"].includes(ending)) return ["node", path];
  if ([".ts", ".mts", ".cts"].includes(ending)) return ["bun", "run", path];
  if (ending === ".py") return ["python3", path];
  if (ending === ".ps1") return ["pwsh", "-File", path];
  return ["bash", path];
}

const script = (command: readonly string[]) => `#!/bin/sh\nexec ${command.map(shQuote).join(" ")}\n`;

/** A file name for agentmux's hook of an event that none of the user's hook files has (names compared without case). */
function freeName(event: string, taken: ReadonlySet<string>): string {
  const name = ENDINGS.map((ending) => `${event.toLowerCase()}${ending}`).find((n) => !taken.has(n.toLowerCase()));
  if (!name) throw new AgentmuxError(`Cline's hooks directory has a hook file for ${event} under every name Cline takes`, { hint: `remove one of the ${event}.* files from ~/.cline/hooks` });
  return name;
}

/**
 * The files of a session's hooks directory (name → text), pure: one for each of the user's hook
 * files (userFiles: name → text), of the same name, running it as Cline would (Cline skips
 * symbolic links there, so a session cannot link them), and agentmux's forwarder for each event
 * it installs under a name none of the user's files has.
 */
export function sessionHookFiles(userDir: string, userFiles: Readonly<Record<string, string>>, hookPath: string, args: readonly string[] = []): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [name, text] of Object.entries(userFiles)) files[name] = script(clineHookCommand(join(userDir, name), text));
  const taken = new Set(Object.keys(files).map((n) => n.toLowerCase()));
  for (const event of CLINE_HOOK_EVENTS) {
    const name = freeName(event, taken);
    taken.add(name);
    files[name] = script([hookPath, ...args, event]);
  }
  return files;
}

/** I/O: the user's hook files (regular files named for an event, as Cline takes them), name → text. */
export function readUserHooks(dir: string): Record<string, string> {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return {};
  }
  const files: Record<string, string> = {};
  for (const entry of entries) {
    if (!entry.isFile() || !hookEventOf(entry.name)) continue;
    try { files[entry.name] = readFileSync(join(dir, entry.name), "utf8"); } catch { files[entry.name] = ""; }
  }
  return files;
}

/** I/O: make dir hold exactly these files (written atomically, executable); a link there is replaced by a directory. */
export function writeHooksDir(dir: string, files: Readonly<Record<string, string>>): void {
  try {
    if (lstatSync(dir).isSymbolicLink()) unlinkSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const [name, text] of Object.entries(files)) writeFileAtomic(join(dir, name), text, 0o700, { replaceLink: true });
  for (const name of readdirSync(dir)) if (!Object.hasOwn(files, name) && !(name.startsWith(".") && name.endsWith(".tmp"))) unlinkSync(join(dir, name));
}
