import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config/config.ts";
import { readRegularText } from "../util/regular-file.ts";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { places } from "../util/paths.ts";
import { err, shown } from "../util/terminal-text.ts";

/**
 * A config's warnings (config.ts Config.warnings: a directory rule naming an account its backend
 * lacks) are told once, on stderr, by the first verb that loads that config, not by every verb
 * after it: the digest of what was told is kept in the state directory, and only a different set
 * is told again. A launch the rule would govern is refused on its own, with the same reason.
 */
export function tellConfigWarnings(config: Config, env: Record<string, string | undefined> = process.env): void {
  const warnings = config.warnings ?? [];
  if (warnings.length === 0) return;
  const digest = createHash("sha256").update(warnings.join("\n")).digest("hex");
  const file = join(places(env).stateDir, "config-warned");
  try {
    if (readRegularText(file, { maxBytes: 128 }).trim() === digest) return;
  } catch {
    // never told, or unreadable: tell
  }
  for (const w of warnings) err(shown`agentmux: warning: ${w}\n`);
  try {
    mkdirSync(places(env).stateDir, { recursive: true, mode: 0o700 });
    writeFileAtomic(file, `${digest}\n`, 0o600);
  } catch {
    // a read-only state directory: told again next time, which is better than never
  }
}
