import { accessSync, constants, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ROOT } from "../helpers/tmux-server.ts";

/** The model id the seeded settings name (what `droid exec -m` and the model picker take). */
export const DROID_MODEL = "custom:Fake-Sonnet-0";

/**
 * A user's ~/.factory/settings.json for droid against the fake Anthropic API: one custom model
 * (provider anthropic, its baseUrl), the logo animation off, and the given folders trusted.
 * Answers the file's path.
 */
export function seedDroidHome(home: string, anthropicUrl: string, trusted: readonly string[]): string {
  const dir = join(home, ".factory");
  mkdirSync(dir, { recursive: true });
  const settings = {
    customModels: [{
      model: "claude-sonnet-4-5", id: DROID_MODEL, index: 0, baseUrl: anthropicUrl, apiKey: "dummy",
      displayName: "Fake Sonnet", maxOutputTokens: 8000, noImageSupport: false, provider: "anthropic",
    }],
    logoAnimation: "off",
    trustedFolders: Object.fromEntries(trusted.map((folder) => [folder, { trustedAt: "2026-12-01T06:57:03.214Z" }])),
  };
  const file = join(dir, "settings.json");
  writeFileSync(file, `${JSON.stringify(settings, null, 1)}\n`);
  return file;
}

/**
 * droid's environment offline: airgap mode (else a login screen), no self-update, no keyring; no
 * API keys of the caller's. NPM_CONFIG_PREFIX inside the scratch home, in case it runs npm.
 */
export function droidEnv(home: string): Record<string, string | undefined> {
  return {
    HOME: home, NPM_CONFIG_PREFIX: join(home, "npm-global"),
    FACTORY_AIRGAP_ENABLED: "true", FACTORY_DROID_AUTO_UPDATE_ENABLED: "false", FACTORY_DISABLE_KEYRING: "1",
    ANTHROPIC_API_KEY: undefined, OPENAI_API_KEY: undefined, FACTORY_API_KEY: undefined, FACTORY_HOME_OVERRIDE: undefined,
  };
}

export type DroidBinary = { bin: string; dir: string } | { bin: null; reason: string };

/** droid from npm (a devDependency, node_modules/.bin/droid); AGENTMUX_E2E_DROID names another bin. */
export function findDroid(root = ROOT): DroidBinary {
  const bin = process.env["AGENTMUX_E2E_DROID"] || join(root, "node_modules", ".bin", "droid");
  try {
    accessSync(bin, constants.X_OK);
    if (statSync(bin).isFile()) return { bin, dir: dirname(bin) };
  } catch {
    // not there, or not executable
  }
  return { bin: null, reason: `${bin} is not installed (npm ci installs @factory/cli; AGENTMUX_E2E_DROID names another bin)` };
}
