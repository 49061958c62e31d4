import { execFileSync } from "node:child_process";
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../helpers/tmux-server.ts";

/**
 * Write <home>/.config/kilo/kilo.json: Kilo's built-in anthropic provider pointed at the fake
 * Anthropic server, asking before shell commands and edits. Kilo 7.7.7 installs nothing for a
 * plugin given by file (agentmux's), so the home needs no node_modules.
 */
export function seedKiloHome(home: string, anthropicUrl: string): string {
  const dir = join(home, ".config", "kilo");
  mkdirSync(dir, { recursive: true });
  const config = {
    $schema: "https://app.kilo.ai/config.json",
    model: "anthropic/claude-sonnet-4-5",
    small_model: "anthropic/claude-sonnet-4-5",
    autoupdate: false,
    share: "disabled",
    provider: { anthropic: { options: { baseURL: `${anthropicUrl.replace(/\/+$/, "")}/v1`, apiKey: "dummy" } } },
    permission: { bash: "ask", edit: "ask" },
  };
  const file = join(dir, "kilo.json");
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

/** The environment Kilo needs to stay offline and inside the scratch home. */
export function kiloEnv(home: string): Record<string, string | undefined> {
  return {
    HOME: home,
    NPM_CONFIG_PREFIX: join(home, ".npm-global"),
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    XDG_STATE_HOME: join(home, ".local", "state"),
    XDG_CACHE_HOME: join(home, ".cache"),
    KILO_DISABLE_AUTOUPDATE: "1",
    KILO_DISABLE_MODELS_FETCH: "1",
    KILO_DISABLE_SHARE: "1",
    KILO_DISABLE_LSP_DOWNLOAD: "1",
    KILO_DISABLE_CLAUDE_CODE: "1",
    KILO_DISABLE_DEFAULT_PLUGINS: "1",
    KILO_DISABLE_SESSION_INGEST: "1",
    KILO_DISABLE_PRESENCE: "1",
    KILO_DISABLE_CODEBASE_INDEXING: "1",
    ANTHROPIC_API_KEY: "dummy",
    ANTHROPIC_BASE_URL: undefined,
    OPENAI_API_KEY: undefined,
  };
}

export type KiloBinary = { bin: string; dir: string; version: string } | { bin: null; reason: string };

/** The Kilo installed in this checkout's node_modules, checked by running `kilo --version` (in a scratch home: it writes logs there). */
export function findKilo(root = ROOT): KiloBinary {
  const dir = join(root, "node_modules", ".bin");
  const bin = join(dir, "kilo");
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    return { bin: null, reason: `${bin} is not installed (run npm ci; @kilocode/cli is a devDependency)` };
  }
  const home = mkdtempSync(join(tmpdir(), "agentmux-kilo-version-"));
  try {
    const env = { ...process.env, ...kiloEnv(home) };
    const out = execFileSync(bin, ["--version"], { encoding: "utf8", timeout: 60_000, stdio: ["ignore", "pipe", "pipe"], env });
    const version = /(\d+\.\d+\.\d+)/.exec(out)?.[1];
    if (!version) return { bin: null, reason: `${bin} --version printed no version: ${out.trim().slice(0, 200)}` };
    return { bin, dir, version };
  } catch (error) {
    return { bin: null, reason: `${bin} --version failed: ${String((error as Error).message).split("\n")[0]}` };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
