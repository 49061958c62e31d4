import { realpathSync } from "node:fs";
import { join } from "node:path";
import { shellScript } from "../../util/install-dir.ts";
import { isJsonObject } from "../../util/json.ts";
import { readRegularText } from "../../util/regular-file.ts";
import { setTrustRecords } from "./config.ts";
import type { Finding } from "../shared/types.ts";
import { agentmuxCodexHooks, codexHome, codexTrustRecords } from "./hooks.ts";

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

/** Codex's check of `agentmux doctor`: its trust of agentmux's hooks in CODEX_HOME (an untrusted hook waits behind "Hooks need review" and reports nothing). */
export function codexDoctorChecks(env: Record<string, string | undefined>): Finding[] {
  const state = codexTrustState(codexHome(env));
  const check = "codex hooks";
  switch (state.kind) {
    case "none": return [{ check, level: "ok", said: `none of agentmux's in ${state.home} (written when agentmux starts a Codex session there)` }];
    case "trusted": return [{ check, level: "ok", said: `${state.hooks} of agentmux's in ${state.home}, each trusted in config.toml` }];
    case "untrusted": return [{ check, level: "fail", said: `${state.untrusted} of agentmux's ${state.hooks} hooks in ${state.home} have no trusted_hash in config.toml: Codex asks to review them and does not run them`, fix: "agentmux new --backend codex writes the records again as it starts a session (the handlers of the user are left as they are)" }];
    case "unreadable": return [{ check, level: "fail", said: `${state.file} cannot be read: ${state.reason}`, fix: `make ${state.file} a regular file Codex can read` }];
  }
}
