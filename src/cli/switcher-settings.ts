import { existsSync } from "node:fs";
import type { SwitcherSettings } from "../switcher/picker.ts";

/** The switcher's config: read only when a config file exists (the YAML loader costs start-up time). */
export async function switcherSettings(): Promise<SwitcherSettings> {
  const { places } = await import("../util/paths.ts");
  const file = process.env["AGENTMUX_CONFIG"] || places().configFile;
  if (!existsSync(file)) return (await import("../switcher/picker.ts")).DEFAULT_SETTINGS;
  const { loadConfig } = await import("../config/config.ts");
  const config = loadConfig();
  const quota = config.display.quota ? (await import("../accounts/quota.ts")).cachedQuotaLookup(config, places().stateDir) : null;
  return { ...config.switcher, backendSuffix: config.display.backendSuffix, stats: config.stats.command ?? null, quota, hosts: config.hosts };
}
