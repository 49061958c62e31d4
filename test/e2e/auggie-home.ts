import { accessSync, constants, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/tmux-server.ts";

/** The auggie to drive: $AUGGIE_BIN, else this checkout's node_modules/.bin/auggie (a devDependency); null when neither runs. */
export function findAuggie(): string | null {
  const bin = process.env["AUGGIE_BIN"] || join(ROOT, "node_modules", ".bin", "auggie");
  try { accessSync(bin, constants.X_OK); return bin; } catch { return null; }
}

/** What points Auggie at the fake (its "tenant URL"), with a scratch HOME and npm prefix. */
export function auggieEnv(home: string, fakeUrl: string): Record<string, string | undefined> {
  return {
    HOME: home, NPM_CONFIG_PREFIX: join(home, "npm-global"), AUGMENT_DISABLE_AUTO_UPDATE: "1",
    AUGMENT_SESSION_AUTH: JSON.stringify({ accessToken: "dummy", tenantURL: `${fakeUrl}/`, scopes: ["email"] }),
    AUGMENT_API_TOKEN: undefined, AUGMENT_API_URL: undefined,
  };
}

/** `.augment/.auggie.json` as Auggie leaves it after its onboarding (which it then skips). */
export const ONBOARDED = { lastUsed: "2026-12-01T07:02:52.780Z", sessionCount: 1, anonId: "88d1067f-d153-4c96-af99-4185ce6f58df", onboardingVersion: "1.0.0" };

/**
 * A scratch ~/.augment past the onboarding, its settings.json keeping Auggie from asking to index
 * the given directories. Answers the settings file and its text.
 */
export function seedAuggieHome(home: string, noIndex: readonly string[]): { settings: string; text: string } {
  const dir = join(home, ".augment");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, ".auggie.json"), JSON.stringify(ONBOARDED, null, 2));
  const settings = join(dir, "settings.json");
  const text = `${JSON.stringify({ indexingDenyDirs: noIndex }, null, 2)}\n`;
  writeFileSync(settings, text);
  return { settings, text };
}
