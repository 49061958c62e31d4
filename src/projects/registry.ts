import { basename, dirname, isAbsolute, resolve } from "node:path";
import { AgentmuxError } from "../util/errors.ts";
import { isJsonObject } from "../util/json.ts";
import { expandHome } from "../util/paths.ts";
import { isFileRefused, MiB, readRegularText } from "../util/regular-file.ts";
import type { ProjectCandidate } from "./candidate.ts";

type Env = Record<string, string | undefined>;

const HINT = "fix the registry named in projects.sources, or take it out";

/** The largest project registry read: a JSON list of projects with a few fields each (thousands fit). */
export const REGISTRY_MAX = 8 * MiB;

/** A JSON null, a missing field and a value of another type all count as recording nothing. */
function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

function texts(value: unknown): string[] | null {
  if (typeof value === "string") return [value];
  if (!Array.isArray(value)) return null;
  const strings = value.filter((v): v is string => typeof v === "string");
  return strings.length > 0 || value.length === 0 ? strings : null;
}

/**
 * The root a registry's relative paths resolve against: the source's own root; for a registry
 * at …/projects/shared/project-registry.json, that projects directory two levels above the file;
 * else projects.registryRoot; else none.
 */
export function registryRoot(file: string, sourceRoot: string | null | undefined, configRoot: string | null | undefined, env: Env = process.env): string | null {
  if (sourceRoot) return resolve(expandHome(sourceRoot, env));
  const parent = dirname(file);
  if (basename(file) === "project-registry.json" && basename(parent) === "shared" && basename(dirname(parent)) === "projects") {
    return dirname(parent);
  }
  return configRoot ? resolve(expandHome(configRoot, env)) : null;
}

/**
 * Pure: an entry's description: its summary (else its aliases), then its browser_keywords and its
 * Slack channels; null when it records none of the four (a recorded blank one stays, as "").
 */
export function describeEntry(entry: Record<string, unknown>): string | null {
  const summary = text(entry["summary"]);
  const aliases = texts(entry["aliases"]);
  const keywords = texts(entry["browser_keywords"]);
  const channels = texts(entry["slack_channels"]);
  if (summary === null && aliases === null && keywords === null && channels === null) return null;
  const parts = [
    summary ?? (aliases ?? []).join(", "),
    (keywords ?? []).join(", "),
    (channels ?? []).map((c) => (c.startsWith("#") ? c : `#${c}`)).join(" "),
  ];
  return parts.map((p) => p.trim()).filter((p) => p !== "").join("; ");
}

function firstPath(value: unknown): string | null {
  const paths = texts(value);
  return paths?.find((p) => p.trim() !== "") ?? null;
}

/** I/O: every entry of one registry file as a candidate. Throws for a missing or unreadable file, and for a relative path with no root. */
export function registryCandidates(file: string, sourceRoot: string | null | undefined, configRoot: string | null | undefined, env: Env = process.env): ProjectCandidate[] {
  const path = resolve(expandHome(file, env));
  let raw: string;
  try {
    raw = readRegularText(path, { maxBytes: REGISTRY_MAX });
  } catch (error) {
    if (isFileRefused(error)) throw new AgentmuxError(`the project registry ${error.message}`, { hint: HINT });
    const code = (error as NodeJS.ErrnoException).code;
    throw new AgentmuxError(code === "ENOENT" ? `the project registry ${path} does not exist` : `the project registry ${path} cannot be read: ${(error as Error).message}`, { hint: HINT });
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new AgentmuxError(`the project registry ${path} is not valid JSON: ${(error as Error).message}`, { hint: HINT });
  }
  const projects = isJsonObject(value) ? value["projects"] : undefined;
  if (!Array.isArray(projects)) throw new AgentmuxError(`the project registry ${path} holds no "projects" array`, { hint: HINT });
  const root = registryRoot(path, sourceRoot, configRoot, env);
  const place = (p: string, id: string): string => {
    const expanded = expandHome(p, env);
    if (isAbsolute(expanded)) return resolve(expanded);
    if (root === null) {
      throw new AgentmuxError(`the project registry ${path} gives project "${id}" the relative path "${p}", and the registry has no root`, {
        hint: "give the source a root ({registry: FILE, root: DIR} in projects.sources), set projects.registryRoot, or make the path absolute",
      });
    }
    return resolve(root, expanded);
  };
  const candidates: ProjectCandidate[] = [];
  for (const entry of projects) {
    if (!isJsonObject(entry)) continue;
    const id = text(entry["id"])?.trim() || null;
    const title = text(entry["title"])?.trim() || null;
    const label = id && title ? `${id}: ${title}` : id ?? title;
    if (label === null) continue;
    const doc = firstPath(entry["project_doc_paths"]);
    const repo = firstPath(entry["repo_paths"]);
    const repository = repo === null ? null : place(repo, label);
    let directory: string;
    if (doc !== null) directory = place(doc, label);
    else if (repository !== null) directory = repository;
    else if (root !== null) directory = root;
    else {
      throw new AgentmuxError(`the project registry ${path} records no directory for project "${label}" and has no root`, {
        hint: "give the entry project_doc_paths or repo_paths, or give the registry a root ({registry, root} in projects.sources, or projects.registryRoot)",
      });
    }
    candidates.push({ label, directory, repository, description: describeEntry(entry) });
  }
  return candidates;
}
