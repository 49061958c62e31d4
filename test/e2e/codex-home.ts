import { execFileSync } from "node:child_process";
import { accessSync, constants, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/tmux-server.ts";

export interface CodexHomeOptions {
  /** Absolute project directories Codex trusts (no "trust this folder?" question). */
  projects: string[];
  /** The fake Responses server: its base URL, with or without the /v1 suffix. */
  providerUrl: string;
  model?: string;
}

/** The environment variable holding the (dummy) key of the fake provider. */
export const FAKE_KEY_VARIABLE = "FAKE_OPENAI_API_KEY";

const toml = (value: string): string => JSON.stringify(value);

/** The config.toml of a CODEX_HOME that starts straight at the composer against the fake, offline. */
export function codexConfig(options: CodexHomeOptions): string {
  const base = options.providerUrl.replace(/\/+$/, "");
  const projects = new Set<string>();
  for (const path of options.projects) {
    projects.add(path);
    try {
      projects.add(realpathSync(path));
    } catch {
      // not created yet: the path as given is the key
    }
  }
  return [
    `model = ${toml(options.model ?? "gpt-5.1-codex")}`,
    `model_provider = "fake"`,
    // "untrusted" is rejected by Codex 0.171; on-request asks for escalated commands only.
    `approval_policy = "on-request"`,
    `sandbox_mode = "workspace-write"`,
    `check_for_update_on_startup = false`,
    "",
    "[model_providers.fake]",
    `name = "Fake OpenAI"`,
    `base_url = ${toml(base.endsWith("/v1") ? base : `${base}/v1`)}`,
    `wire_api = "responses"`,
    `env_key = ${toml(FAKE_KEY_VARIABLE)}`,
    "request_max_retries = 0",
    "stream_max_retries = 0",
    "stream_idle_timeout_ms = 60000",
    "",
    ...[...projects].flatMap((path) => [`[projects.${toml(path)}]`, `trust_level = "trusted"`, ""]),
    "[notice]",
    "hide_full_access_warning = true",
    "hide_world_writable_warning = true",
    "hide_rate_limit_model_nudge = true",
    "",
    "[tui]",
    "notifications = true",
    "screen_reader_detection_done = true",
    "",
    "[tui.model_availability_nux]",
    `"gpt-6.1-sol" = 1`,
    "",
    "[analytics]",
    "enabled = false",
    "",
    "[features]",
    // Otherwise the TUI copies a 424 MB package into CODEX_HOME and starts an app-server daemon
    // (setsid, reparented to PID 1) that outlives the pane.
    "daemon_auto_start = false",
    "",
  ].join("\n");
}

/** Write CODEX_HOME/config.toml (see codexConfig); returns its path. */
export function seedCodexHome(dir: string, options: CodexHomeOptions): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "config.toml");
  writeFileSync(file, codexConfig(options));
  return file;
}

/**
 * The environment Codex needs to use the fake server and nothing else. OPENAI_* are removed (a
 * value of undefined unsets a tmux server variable).
 */
export function codexEnv(codexHome: string, apiKey = "dummy"): Record<string, string | undefined> {
  return {
    CODEX_HOME: codexHome,
    [FAKE_KEY_VARIABLE]: apiKey,
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
  };
}

export type CodexBinary = { bin: string; dir: string; version: string } | { bin: null; reason: string };

/** The codex installed in this checkout's node_modules, checked by running `codex --version`. */
export function findCodex(root = ROOT): CodexBinary {
  const dir = join(root, "node_modules", ".bin");
  const bin = join(dir, "codex");
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    return { bin: null, reason: `${bin} is not installed (run npm ci; @openai/codex is a devDependency)` };
  }
  try {
    const out = execFileSync(bin, ["--version"], { encoding: "utf8", timeout: 30_000, stdio: ["ignore", "pipe", "pipe"] });
    const version = /(\d+\.\d+\.\d+)/.exec(out)?.[1];
    if (!version) return { bin: null, reason: `${bin} --version printed no version: ${out.trim().slice(0, 200)}` };
    return { bin, dir, version };
  } catch (error) {
    return { bin: null, reason: `${bin} --version failed: ${String((error as Error).message).split("\n")[0]}` };
  }
}
