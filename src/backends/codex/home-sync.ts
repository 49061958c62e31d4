import { existsSync, lstatSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { setTrustRecords, type TrustRecord } from "./config.ts";
import { scanToml } from "./toml.ts";
import { copyDirAtomic, writeFileAtomic } from "../../util/atomic-write.ts";
import { BACKUP_TAG, backupFile, moveAside } from "../../util/backup.ts";
import { verifiedToml } from "./toml-check.ts";
import { entryExists } from "../../util/entry-exists.ts";


const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Text with every path under one of the canonical home's spellings moved under the account home. */
export function rebasePaths(text: string, canonicalPaths: readonly string[], home: string): string {
  return [...new Set(canonicalPaths)].sort((a, b) => b.length - a.length)
    .reduce((current, from) => current.replace(new RegExp(`${escape(from)}(?=[/"'\\s]|$)`, "gm"), () => home), text);
}

function tomlValueString(raw: string): string | undefined {
  if (raw.startsWith("'") && raw.endsWith("'") && !raw.startsWith("'''")) return raw.slice(1, -1);
  if (!raw.startsWith('"') || raw.startsWith('"""')) return undefined;
  try {
    return JSON.parse(raw) as string;
  } catch {
    return undefined;
  }
}

/**
 * The canonical config's trust records for its hooks.json, re-keyed for the account's hooks.json.
 * Codex keys trust by the lexical hooks.json path, so the account path needs its own records; the
 * hashes are copied as they are (never computed), so a changed canonical hook stays untrusted.
 */
export function accountTrustRecords(canonicalText: string, canonicalHooks: readonly string[], accountHooks: string): TrustRecord[] {
  const records: TrustRecord[] = [];
  for (const entry of scanToml(canonicalText)) {
    if (entry.kind !== "value") continue;
    const path = [...entry.table, ...entry.keys];
    if (path.length !== 4 || path[0] !== "hooks" || path[1] !== "state" || path[3] !== "trusted_hash") continue;
    const key = path[2] as string;
    const prefix = canonicalHooks.find((p) => key.startsWith(`${p}:`));
    const hash = tomlValueString(canonicalText.slice(entry.valueStart, entry.valueEnd));
    if (prefix !== undefined && hash !== undefined) records.push({ key: accountHooks + key.slice(prefix.length), hash });
  }
  return records;
}

export interface CodexSyncResult { notes: string[]; backups: string[] }

function readIfExists(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
}

/**
 * The account-local parts of a Codex home: config.toml copied once from the canonical home (paths
 * rebased; a config that is a link becomes an independent copy), the canonical hook trust copied
 * for the shared hooks.json, and plugins copied once.
 */
export function syncCodexHome(canonical: string, home: string, now: Date): CodexSyncResult {
  const notes: string[] = [];
  const backups: string[] = [];
  const canonicalReal = existsSync(canonical) ? realpathSync(canonical) : canonical;
  const homeReal = realpathSync(home);
  const canonicalConfig = join(canonical, "config.toml");
  const config = join(home, "config.toml");
  const canonicalText = readIfExists(canonicalConfig);
  const isLink = entryExists(config) && lstatSync(config).isSymbolicLink();
  let text: string | undefined;
  if (!entryExists(config) || isLink) {
    const source = isLink && existsSync(config) ? readFileSync(config, "utf8") : canonicalText;
    if (isLink) backups.push(moveAside(config, now));
    if (source !== undefined) {
      text = rebasePaths(source, [canonical, canonicalReal], homeReal);
      writeFileAtomic(config, text, 0o600);
      notes.push(isLink ? "config.toml: the link replaced by an independent copy" : "config.toml: copied from the canonical home");
    }
  } else {
    text = readFileSync(config, "utf8");
  }
  if (canonicalText !== undefined && text !== undefined) {
    const records = accountTrustRecords(canonicalText, [join(canonical, "hooks.json"), join(canonicalReal, "hooks.json")], join(homeReal, "hooks.json"));
    const next = verifiedToml(setTrustRecords(text, records, config), text, config);
    if (next !== text) {
      if (!isFreshCopy(notes)) backups.push(backupFile(config, BACKUP_TAG, now));
      writeFileAtomic(config, next, statSync(config).mode & 0o777);
      notes.push(`config.toml: hook trust copied for ${records.length} shared hook${records.length === 1 ? "" : "s"}`);
    }
  }
  const plugins = join(home, "plugins");
  const canonicalPlugins = join(canonical, "plugins");
  if (existsSync(canonicalPlugins) && (!entryExists(plugins) || lstatSync(plugins).isSymbolicLink())) {
    if (entryExists(plugins)) backups.push(moveAside(plugins, now));
    copyDirAtomic(canonicalPlugins, plugins);
    notes.push("plugins: copied from the canonical home");
  }
  return { notes, backups };
}

function isFreshCopy(notes: readonly string[]): boolean {
  return notes.some((n) => n.startsWith("config.toml:"));
}
