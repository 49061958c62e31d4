import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { chiefCapable, orWords } from "../backends/capable.ts";
import type { Config } from "../config/config.ts";
import { AgentmuxError } from "../util/errors.ts";
import { configFile } from "../config/cached.ts";
import { checkPrivateDir } from "../util/private-dir.ts";
import { places } from "../util/paths.ts";

type Env = Record<string, string | undefined>;

/** The chief's state file: chief.stateFile, else chief.md beside the config file (the user's, to read and edit). */
export function chiefStateFile(config: Config, env: Env = process.env): string {
  return config.chief.stateFile ?? join(dirname(configFile(env)), "chief.md");
}

/**
 * Where the chief session and the stateless calls run: chief.directory, else a private (0700)
 * directory under agentmux's state directory, created here. A model CLI loads settings, hooks and
 * instructions from where it runs, so the default is a directory nobody else can write.
 */
export function chiefDirectory(config: Config, env: Env = process.env): string {
  if (config.chief.directory) return config.chief.directory;
  const dir = join(places(env).stateDir, "chief");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  checkPrivateDir(dir, "XDG_STATE_HOME");
  return dir;
}

/** The daemon's record of the chief's timer and last outcome (chief/record.ts). */
export function chiefRecordFile(stateDir: string, key: string): string {
  return join(stateDir, `chief-${key}.json`);
}

/** Throw when chief.backend cannot be the chief in chief.mode (a CLI without a system prompt flag, a transcript or a non-interactive mode). */
export function checkChiefBackend(config: Config, mode: "session" | "stateless" = config.chief.mode): void {
  const capable = chiefCapable(mode);
  if ((capable as readonly string[]).includes(config.chief.backend)) return;
  throw new AgentmuxError(`chief.backend ${config.chief.backend} cannot be the chief in ${mode} mode`, { hint: `set chief.backend to ${orWords([...capable])} in ${config.file ?? "the config file"}` });
}
