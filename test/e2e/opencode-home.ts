import { execFileSync } from "node:child_process";
import { accessSync, copyFileSync, constants, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/tmux-server.ts";

/**
 * Write <home>/.config/opencode/opencode.json: opencode's built-in anthropic provider pointed at the
 * fake Anthropic server, asking before shell commands and edits. opencode 1.18.33 installs
 * @opencode-ai/plugin into its config directory on the first start with any plugin (agentmux's is
 * one); it skips that when node_modules exists and package-lock.json lists the package, so the home
 * gets those, as the config directory of a user who has had a plugin before has them.
 */
export function seedOpencodeHome(home: string, anthropicUrl: string): string {
  const dir = join(home, ".config", "opencode");
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  for (const name of ["package.json", "package-lock.json"]) copyFileSync(join(import.meta.dirname, "opencode-config-cache", name), join(dir, name));
  const config = {
    $schema: "https://opencode.ai/config.json",
    model: "anthropic/claude-sonnet-4-5",
    small_model: "anthropic/claude-sonnet-4-5",
    autoupdate: false,
    share: "disabled",
    provider: { anthropic: { options: { baseURL: `${anthropicUrl.replace(/\/+$/, "")}/v1`, apiKey: "dummy" } } },
    permission: { bash: "ask", edit: "ask" },
  };
  const file = join(dir, "opencode.json");
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

/** The environment opencode needs to stay offline and inside the scratch home. */
export function opencodeEnv(home: string): Record<string, string | undefined> {
  return {
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    XDG_STATE_HOME: join(home, ".local", "state"),
    XDG_CACHE_HOME: join(home, ".cache"),
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_SHARE: "1",
    OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
    OPENCODE_DISABLE_CLAUDE_CODE: "1",
    OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
    ANTHROPIC_API_KEY: "dummy",
    ANTHROPIC_BASE_URL: undefined,
  };
}

export type OpencodeBinary = { bin: string; dir: string; version: string } | { bin: null; reason: string };

/** The opencode installed in this checkout's node_modules, checked by running `opencode --version`. */
export function findOpencode(root = ROOT): OpencodeBinary {
  const dir = join(root, "node_modules", ".bin");
  const bin = join(dir, "opencode");
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    return { bin: null, reason: `${bin} is not installed (run npm ci; opencode-ai is a devDependency)` };
  }
  try {
    const out = execFileSync(bin, ["--version"], { encoding: "utf8", timeout: 60_000, stdio: ["ignore", "pipe", "pipe"] });
    const version = /(\d+\.\d+\.\d+)/.exec(out)?.[1];
    if (!version) return { bin: null, reason: `${bin} --version printed no version: ${out.trim().slice(0, 200)}` };
    return { bin, dir, version };
  } catch (error) {
    return { bin: null, reason: `${bin} --version failed: ${String((error as Error).message).split("\n")[0]}` };
  }
}
