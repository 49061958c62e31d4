import { realpathSync } from "node:fs";
import { join } from "node:path";
import { shellScript } from "../../util/install-dir.ts";
import { isJsonObject } from "../../util/json.ts";
import { readRegularText } from "../../util/regular-file.ts";
import { setTrustRecords } from "./config.ts";
import { agentmuxCodexHooks, codexTrustRecords } from "./hooks.ts";

/** The largest hooks.json or config.toml read. */
const MAX = 1024 * 1024;

/** Whether Codex trusts agentmux's hooks in a CODEX_HOME (untrusted ones wait behind "Hooks need review" and do not run). */
export type CodexTrust =
  | { kind: "none"; home: string }
  | { kind: "trusted"; home: string; hooks: number }
  | { kind: "untrusted"; home: string; hooks: number; untrusted: number }
  | { kind: "unreadable"; home: string; file: string; reason: string };

function read(file: string): string | null {
  try {
    return readRegularText(file, { maxBytes: MAX });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Read a CODEX_HOME's hooks.json and config.toml (regular files, at most 1 MiB each) and say
 * whether every handler of agentmux's there has its trusted_hash record, as prepareCodexHome
 * writes them. Writes nothing.
 */
export function codexTrustState(codexHome: string): CodexTrust {
  let home = codexHome;
  try { home = realpathSync(codexHome); } catch { return { kind: "none", home: codexHome }; }
  const hooksFile = join(home, "hooks.json");
  const configFile = join(home, "config.toml");
  let hooks: unknown;
  let config: string;
  try {
    const text = read(hooksFile);
    if (text === null) return { kind: "none", home };
    hooks = JSON.parse(text);
    config = read(configFile) ?? "";
  } catch (error) {
    return { kind: "unreadable", home, file: hooks === undefined ? hooksFile : configFile, reason: (error as Error).message };
  }
  if (!isJsonObject(hooks)) return { kind: "unreadable", home, file: hooksFile, reason: "not a JSON object" };
  const records = codexTrustRecords(hooksFile, hooks, agentmuxCodexHooks(shellScript("agentmux-hook")));
  if (records.length === 0) return { kind: "none", home };
  let untrusted: number;
  try {
    untrusted = records.filter((r) => setTrustRecords(config, [r], configFile) !== config).length;
  } catch (error) {
    return { kind: "unreadable", home, file: configFile, reason: (error as Error).message };
  }
  return untrusted === 0 ? { kind: "trusted", home, hooks: records.length } : { kind: "untrusted", home, hooks: records.length, untrusted };
}
