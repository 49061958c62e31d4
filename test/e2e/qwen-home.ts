import { accessSync, constants, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/tmux-server.ts";

/** The model the fake Chat Completions server is asked for. */
export const QWEN_MODEL = "fake-model";

/** Qwen Code from npm (a devDependency); AGENTMUX_E2E_QWEN names another bin. Null when not installed. */
export function findQwen(): string | null {
  const bin = process.env["AGENTMUX_E2E_QWEN"] || join(ROOT, "node_modules", ".bin", "qwen");
  try { accessSync(bin, constants.X_OK); return bin; } catch { return null; }
}

/**
 * A user's Qwen Code directory (what ~/.qwen or $QWEN_HOME holds): API-key auth against the fake
 * Chat Completions server, no update checks, no telemetry, the nudges seen. Answers the settings
 * file and its text. extra is merged in at the top level (e.g. folder trust for a capture).
 */
export function seedQwenDir(dir: string, chatUrl: string, extra: Record<string, unknown> = {}): { file: string; text: string } {
  mkdirSync(dir, { recursive: true });
  const settings = {
    security: { auth: { selectedType: "openai" } },
    model: { name: QWEN_MODEL },
    modelProviders: { openai: [{ id: QWEN_MODEL, name: "Fake Model", envKey: "OPENAI_API_KEY", baseUrl: `${chatUrl.replace(/\/+$/, "")}/v1` }] },
    general: { enableAutoUpdate: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    ui: { theme: "Default", autoModeAcknowledged: true },
    ide: { hasSeenNudge: true },
    $version: 4,
    ...extra,
  };
  const file = join(dir, "settings.json");
  const text = `${JSON.stringify(settings, null, 2)}\n`;
  writeFileSync(file, text);
  return { file, text };
}

/** The environment Qwen Code needs against the fake (npm's prefix inside the scratch home: nothing installs globally). */
export function qwenEnv(home: string, chatUrl: string): Record<string, string | undefined> {
  return {
    HOME: home,
    OPENAI_API_KEY: "dummy",
    OPENAI_BASE_URL: `${chatUrl.replace(/\/+$/, "")}/v1`,
    OPENAI_MODEL: QWEN_MODEL,
    NPM_CONFIG_PREFIX: join(home, ".npm-global"),
    DASHSCOPE_API_KEY: undefined,
  };
}
