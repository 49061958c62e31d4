import { accessSync, constants, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/tmux-server.ts";

/** Copilot CLI from npm (a devDependency); AGENTMUX_E2E_COPILOT names another bin. null: not installed. */
export function findCopilot(): string | null {
  const bin = process.env["AGENTMUX_E2E_COPILOT"] || join(ROOT, "node_modules", ".bin", "copilot");
  try { accessSync(bin, constants.X_OK); return bin; } catch { return null; }
}

/**
 * The environment that points Copilot CLI at a fake Chat Completions API (its url without /v1):
 * offline, no GitHub login, no updates, its home and its unpacked package cache (~/.cache/copilot,
 * 235 MB) under home.
 */
export function copilotEnv(home: string, baseUrl: string): Record<string, string | undefined> {
  return {
    HOME: home, COPILOT_HOME: join(home, ".copilot"), XDG_CACHE_HOME: join(home, ".cache"), NPM_CONFIG_PREFIX: join(home, "npm-global"),
    COPILOT_OFFLINE: "true", COPILOT_AUTO_UPDATE: "false", COPILOT_PROVIDER_BASE_URL: `${baseUrl}/v1`, COPILOT_PROVIDER_TYPE: "openai",
    COPILOT_PROVIDER_API_KEY: "dummy", COPILOT_MODEL: "gpt-4.1", GH_TOKEN: undefined, GITHUB_TOKEN: undefined, COPILOT_GITHUB_TOKEN: undefined,
  };
}

/** config.json as Copilot writes it ("managed automatically"), with the folders it trusts (none: the trust dialog shows). */
export function copilotConfigText(trusted: readonly string[] = []): string {
  const config = { firstLaunchAt: "2026-12-01T06:49:44.317Z", appTipShown: true, reasoningSummariesCleanupDone: true, ...(trusted.length > 0 ? { trustedFolders: trusted } : {}) };
  return `// User settings belong in settings.json.\n// This file is managed automatically.\n${JSON.stringify(config, null, 2)}\n`;
}

/** Seed a Copilot directory (~/.copilot) with its config.json and, when given, a settings.json text. */
export function seedCopilotDir(dir: string, trusted: readonly string[] = [], settings?: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "config.json"), copilotConfigText(trusted));
  if (settings !== undefined) writeFileSync(join(dir, "settings.json"), settings);
}
