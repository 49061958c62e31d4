import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";

/** The config file of a test's AGENTMUX_HOME. */
export function configPath(home: string): string {
  return join(home, "config", "config.yml");
}

/** Write config.yml under a test's AGENTMUX_HOME from an object (the yaml package writes the YAML). */
export function writeConfig(home: string, config: Record<string, unknown>): string {
  const file = configPath(home);
  mkdirSync(join(home, "config"), { recursive: true });
  writeFileSync(file, Object.keys(config).length === 0 ? "" : stringify(config));
  return file;
}

/** Every line of the daemon logs under a test's AGENTMUX_HOME (the daemon's journal of what it did). */
export function daemonLogLines(home: string): string[] {
  const dir = join(home, "state", "logs");
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((n) => n.endsWith(".log")).sort().flatMap((n) => readFileSync(join(dir, n), "utf8").split("\n").filter(Boolean));
}
