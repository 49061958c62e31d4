import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { abbreviate } from "./candidates.ts";
import type { ProjectCandidate } from "./candidate.ts";

type Env = Record<string, string | undefined>;

function realPath(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
}

/**
 * The candidates with a suggested directory leading them: the candidate holding it moved to the
 * front, or (when no source holds it) a candidate of its own, labelled by its abbreviated path.
 */
export function withSuggestion(candidates: ProjectCandidate[], suggested: string | null, env: Env = process.env): ProjectCandidate[] {
  if (suggested === null || suggested.trim() === "") return candidates;
  const key = realPath(suggested);
  const held = candidates.find((c) => realPath(c.directory) === key);
  if (held) return [held, ...candidates.filter((c) => c !== held)];
  let label = abbreviate(resolve(suggested), env);
  if (candidates.some((c) => c.label === label)) label = resolve(suggested);
  return [{ label, directory: resolve(suggested), repository: null, description: null }, ...candidates];
}
