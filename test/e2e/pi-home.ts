import { spawnSync } from "node:child_process";
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../helpers/tmux-server.ts";

/** The model the fake serves, as Pi's models.json names it. */
export const PI_MODEL = "claude-sonnet-4-5";

/** The permission gate the tests load with a second -e (Pi has no permission dialogs of its own). */
export const PI_GATE = join(import.meta.dirname, "pi-e2e-ext.ts");

/**
 * Write <home>/.pi/agent/models.json (a provider "fake" speaking the Anthropic Messages API at
 * anthropicUrl) and settings.json (that provider by default, no telemetry, the changelog seen).
 * Answers the two files' paths.
 */
export function seedPiHome(home: string, anthropicUrl: string, version = "0.73.1"): { models: string; settings: string } {
  const dir = join(home, ".pi", "agent");
  mkdirSync(dir, { recursive: true });
  const models = join(dir, "models.json");
  writeFileSync(models, `${JSON.stringify({
    providers: {
      fake: {
        baseUrl: anthropicUrl.replace(/\/+$/, ""), api: "anthropic-messages", apiKey: "dummy",
        models: [{ id: PI_MODEL, name: "Fake Sonnet", reasoning: false, input: ["text"], contextWindow: 200000, maxTokens: 8000 }],
      },
    },
  }, null, 2)}\n`);
  const settings = join(dir, "settings.json");
  writeFileSync(settings, `${JSON.stringify({ defaultProvider: "fake", defaultModel: PI_MODEL, enableInstallTelemetry: false, theme: "dark", lastChangelogVersion: version }, null, 2)}\n`);
  return { models, settings };
}

/** The environment Pi needs to stay offline (else it downloads fd and ripgrep) and inside the scratch home. */
export function piEnv(home: string): Record<string, string | undefined> {
  return {
    HOME: home,
    PI_OFFLINE: "1",
    PI_SKIP_VERSION_CHECK: "1",
    PI_TELEMETRY: "0",
    NPM_CONFIG_PREFIX: join(home, "npm-global"),
    PI_CODING_AGENT_DIR: undefined,
    PI_CODING_AGENT_SESSION_DIR: undefined,
    ANTHROPIC_API_KEY: undefined,
    OPENAI_API_KEY: undefined,
  };
}

export type PiBinary = { bin: string; dir: string; version: string } | { bin: null; reason: string };

/** The Pi installed in this checkout's node_modules (AGENTMUX_E2E_PI names another), checked by running `pi --version`. */
export function findPi(root = ROOT): PiBinary {
  const bin = process.env["AGENTMUX_E2E_PI"] || join(root, "node_modules", ".bin", "pi");
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    return { bin: null, reason: `${bin} is not installed (run npm ci; @mariozechner/pi-coding-agent is a devDependency)` };
  }
  // A scratch HOME: Pi never writes into the real one.
  const home = mkdtempSync(join(tmpdir(), "agentmux-pi-version-"));
  try {
    // Pi prints its version on stderr.
    const run = spawnSync(bin, ["--version"], { encoding: "utf8", timeout: 60_000, stdio: ["ignore", "pipe", "pipe"], env: Object.fromEntries(Object.entries({ ...process.env, ...piEnv(home) }).filter((e): e is [string, string] => e[1] !== undefined)) });
    if (run.error) throw run.error;
    const out = `${run.stdout}${run.stderr}`;
    const version = /(\d+\.\d+\.\d+)/.exec(out)?.[1];
    if (!version) return { bin: null, reason: `${bin} --version printed no version: ${out.trim().slice(0, 200)}` };
    return { bin, dir: join(bin, ".."), version };
  } catch (error) {
    return { bin: null, reason: `${bin} --version failed: ${String((error as Error).message).split("\n")[0]}` };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
