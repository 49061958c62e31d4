import { isJsonObject } from "../../util/json.ts";
import { promptLine } from "./history-text.ts";

// The input keys that name what a tool call acts on, most telling first (Claude's and Codex's tools).
const MAIN_KEYS = ["command", "cmd", "file_path", "notebook_path", "pattern", "path", "url", "query", "skill", "description", "prompt", "subject", "plan"];

// Shells Codex runs a command line through: `["bash", "-lc", "ls"]` shows as `ls`.
const SHELLS = new Set(["bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/bin/zsh", "/usr/bin/bash"]);

/** A command given as argv: the script of `bash -lc SCRIPT`, else the words joined. */
function commandLine(argv: unknown[]): string {
  const words = argv.map(String);
  if (words.length === 3 && SHELLS.has(words[0] ?? "") && /^-\w*c$/u.test(words[1] ?? "")) return words[2] ?? "";
  return words.join(" ");
}

/** The files a patch (Codex's apply_patch, `*** Update File: PATH`) touches, joined. */
function patchFiles(patch: string): string | null {
  const files = [...patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$/gmu)].map((m) => (m[1] ?? "").trim());
  return files.length > 0 ? files.join(", ") : null;
}

/** The main argument of a tool call's input, on one line; "" when none tells. */
export function mainArgument(input: unknown): string {
  if (typeof input === "string") return promptLine(patchFiles(input) ?? input);
  if (!isJsonObject(input)) return "";
  for (const key of MAIN_KEYS) {
    const value = input[key];
    if (typeof value === "string" && value.trim() !== "") return promptLine(patchFiles(value) ?? value);
    if (Array.isArray(value) && value.length > 0) return promptLine(commandLine(value));
  }
  return "";
}

/** One line for a tool call: its name and main argument (`Bash: ls -la`, `Edit: src/a.ts`). */
export function toolLine(name: string, input: unknown): string {
  const argument = mainArgument(input);
  return argument === "" ? name : `${name}: ${argument}`;
}
