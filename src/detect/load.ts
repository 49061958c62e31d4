import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { installDir } from "../util/install-dir.ts";
import { places } from "../util/paths.ts";
import { isFileRefused, MiB, readRegularText } from "../util/regular-file.ts";
import { parseManifest } from "./parse.ts";
import type { ManifestProblem } from "./problems.ts";
import type { Manifest } from "./types.ts";

type Env = Record<string, string | undefined>;

export interface LoadedManifests {
  /** User manifests first (they win identification), then the built-ins; each group by name. */
  manifests: Manifest[];
  /** Files that were skipped, each mistake with its place; the other manifests stay in force. */
  problems: ManifestProblem[];
}

export function builtinManifestDir(): string {
  return join(installDir(), "manifests");
}

/** The largest manifest read (the built-in ones are a few KiB). */
export const MANIFEST_MAX = MiB;

/** `<configDir>/agents`: a <name>.yml here replaces the built-in of that name, or adds an agent. */
export function userManifestDir(env: Env = process.env): string {
  return join(places(env).configDir, "agents");
}

/** The built-in manifests, then the user's; an invalid file is reported and skipped (a built-in it meant to replace stays). */
export function loadManifests(options: { env?: Env; builtinDir?: string; userDir?: string } = {}): LoadedManifests {
  const byName = new Map<string, Manifest>();
  const problems: ManifestProblem[] = [];
  const sources: Array<[string, boolean]> = [[options.builtinDir ?? builtinManifestDir(), true], [options.userDir ?? userManifestDir(options.env), false]];
  for (const [dir, builtin] of sources) {
    for (const file of manifestFiles(dir)) {
      let text: string;
      try {
        text = readRegularText(file, { maxBytes: MANIFEST_MAX });
      } catch (error) {
        if (isFileRefused(error)) problems.push({ file, line: 1, col: 1, key: "(file)", message: `it ${error.reason}`, fix: error.hint ?? "make it a regular file" });
        else problems.push({ file, line: 1, col: 1, key: "(file)", message: `cannot read it: ${(error as Error).message}`, fix: "check its permissions" });
        continue;
      }
      const parsed = parseManifest(text, file, { builtin });
      problems.push(...parsed.problems);
      if (parsed.manifest) byName.set(parsed.manifest.name, parsed.manifest);
    }
  }
  const manifests = [...byName.values()].sort((a, b) => Number(a.builtin) - Number(b.builtin) || a.name.localeCompare(b.name));
  return { manifests, problems };
}

export function findManifest(manifests: readonly Manifest[], name: string): Manifest | undefined {
  return manifests.find((m) => m.name === name);
}

function manifestFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => join(dir, f));
}
