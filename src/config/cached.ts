import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { tightenOwnDir } from "../util/private-dir.ts";
import { places } from "../util/paths.ts";

/**
 * The last config a full load validated, kept as JSON beside agentmux's state, so that the verbs
 * a key runs (next, snooze, menu, list, kill) do not load the YAML parser, the schema and every
 * backend to read it (bench P9). It counts only for the same file unchanged (path, inode, size,
 * modification and change times to the nanosecond, or still absent), the same home (paths in the
 * config are expanded against it) and the same agentmux build (buildStamp: a build or an upgrade
 * rewrites it, and with it maybe the schema). Anything else, or a cache that cannot be
 * read, is a miss: the caller loads and validates the file as always. A config with errors is
 * never cached.
 */

type Env = Record<string, string | undefined>;

interface Entry<T> { key: string; config: T }

/** The config file's path: AGENTMUX_CONFIG, or config.yml in agentmux's config directory. */
export function configFile(env: Env = process.env): string {
  return env["AGENTMUX_CONFIG"] || places(env).configFile;
}

/**
 * One cache per config file: `config-cache.json` for the usual one, `config-cache-<hash>.json` for
 * another that AGENTMUX_CONFIG names, so that two configs read in turn (a second setup, a test or
 * a bench pointing at its own) do not evict each other on every key press. The hash (FNV-1a of
 * the path) only names the file: the path itself is in the key each entry is checked against.
 */
function cachePath(env: Env, file: string): string {
  const { stateDir: dir, configFile: usual } = places(env);
  if (file === usual) return join(dir, "config-cache.json");
  let hash = 0x811c9dc5;
  for (let i = 0; i < file.length; i++) hash = Math.imul(hash ^ file.charCodeAt(i), 0x01000193);
  return join(dir, `config-cache-${(hash >>> 0).toString(16).padStart(8, "0")}.json`);
}

/**
 * The build this runs from: in dist/cli/, the time main.js was written (each build writes every
 * bundle; this module is inside several of them, which must agree); run from src/, this file's
 * own time.
 */
function buildStamp(): string | null {
  const here = fileURLToPath(import.meta.url);
  for (const file of [join(dirname(here), "main.js"), here]) {
    try {
      return String(statSync(file, { bigint: true }).mtimeNs);
    } catch {
      // not built: the next one
    }
  }
  return null;
}

/** What the cached config must have been read under; null when the file cannot be looked at (a miss). */
function keyOf(file: string, env: Env): string | null {
  let fileKey: string;
  try {
    const s = statSync(file, { bigint: true });
    fileKey = `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") return null;
    fileKey = "absent";
  }
  const build = buildStamp();
  return build === null ? null : JSON.stringify([file, fileKey, env["HOME"] ?? "", build]);
}

/** A look at the cache: the config as last validated when nothing it was read under changed (else null), and how to keep a fresh one. */
export interface CachedConfig<T> {
  config: T | null;
  /** Keep a config a full load validated after this look (a file changed since is a miss next time). */
  store(config: T): void;
}

/** T is config.ts's Config (this module stays apart from it: the key-bound verbs load only this). */
export function cachedConfig<T extends object>(env: Env = process.env): CachedConfig<T> {
  const file = configFile(env);
  // Taken before the load it may go with: a file written meanwhile does not match it.
  const key = keyOf(file, env);
  const store = (config: T): void => {
    if (key === null) return;
    try {
      tightenOwnDir(places(env).stateDir);
      writeFileAtomic(cachePath(env, file), JSON.stringify({ key, config } satisfies Entry<T>), 0o600);
    } catch {
      // a read-only state directory: every verb loads the file, as before
    }
  };
  if (key === null) return { config: null, store };
  try {
    const entry = JSON.parse(readFileSync(cachePath(env, file), "utf8")) as Entry<T>;
    if (entry.key !== key || typeof entry.config !== "object" || entry.config === null) return { config: null, store };
    return { config: entry.config, store };
  } catch {
    return { config: null, store };
  }
}
