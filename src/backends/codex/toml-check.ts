import { createRequire } from "node:module";
import { AgentmuxError } from "../../util/errors.ts";

type Parse = (text: string) => unknown;
let parse: Parse | undefined;

/** smol-toml, loaded on the first edit only (its CommonJS build, so the callers stay synchronous). */
function tomlParse(): Parse {
  parse ??= (createRequire(import.meta.url)("smol-toml") as { parse: Parse }).parse;
  return parse;
}

function problem(text: string): string | null {
  try {
    tomlParse()(text);
    return null;
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "not TOML";
  }
}

/**
 * The text agentmux is about to write to Codex's config.toml, checked by a real TOML parser: the
 * editor works on text (to keep the user's comments and layout) and sees only what it edits, so a
 * result that does not parse is refused before anything is written. Answers `next` when it parses
 * or did not change.
 */
export function verifiedToml(next: string, before: string | undefined, file: string): string {
  if (next === (before ?? "")) return next;
  const after = problem(next);
  if (after === null) return next;
  const already = before === undefined ? null : problem(before);
  throw new AgentmuxError(already === null
    ? `${file}: agentmux's edit would leave it invalid TOML (${after})`
    : `${file}: not valid TOML (${already})`, {
    hint: already === null
      ? "a key written in a form agentmux does not edit is in the way (for example hooks = ... beside [hooks.state] tables): rewrite it as a [table], then run the command again; the file was left untouched"
      : "fix the file (Codex would refuse it too), then run the command again; the file was left untouched",
  });
}
