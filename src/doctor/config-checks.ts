import type { Config } from "../config/config.ts";
import type { ManifestProblem } from "../detect/problems.ts";
import { fail, ok, warn, type Finding } from "./finding.ts";

/** The config file: read and valid (a problem names its place and fix), and its warnings. */
export function configFinding(load: () => Config): Finding {
  let config: Config;
  try {
    config = load();
  } catch (error) {
    const hint = (error as { hint?: string }).hint;
    return fail("config", (error as Error).message, hint ?? "fix the file as the message says (etc/config.example.yml has every option)");
  }
  if (!config.file) return ok("config", "no config file: every option at its default");
  const warnings = config.warnings ?? [];
  if (warnings.length > 0) return warn("config", `${config.file}: ${warnings.join("; ")}`, "each warning names its fix");
  return ok("config", `${config.file} is valid`);
}

/** The manifests (built-in and the user's): a file with a mistake is skipped, the others stay in force. */
export function manifestsFinding(problems: readonly ManifestProblem[], count: number): Finding {
  if (problems.length === 0) return ok("manifests", `${count} loaded`);
  const first = problems[0];
  const where = first ? `${first.file}:${first.line}:${first.col}: ${first.key}: ${first.message}` : "";
  return fail("manifests", `${problems.length} problem(s), the first: ${where}; a file with a problem is skipped`, `${first?.fix ?? "fix the file"} (docs/screens.md describes the format)`);
}

/** The phone page: off, or served on an address to some networks, every peer needing a paired device's token. */
export function exposureFinding(config: Config | null): Finding {
  if (!config) return warn("phone page", "not checked: the config does not load", "fix the config first");
  const remote = config.remote;
  if (!remote.enabled) return ok("phone page", "off (agentmux remote start serves it)");
  const wide = remote.allowedNetworks.filter((n) => /\/(?:[0-7])$/.test(n) || n === "0.0.0.0/0" || n === "::/0");
  const said = `served on ${remote.listen}:${remote.port} to ${remote.allowedNetworks.join(", ")}, each peer needing a paired device's token`;
  if (wide.length > 0) return warn("phone page", `${said}; ${wide.join(", ")} reaches far beyond a tailnet`, "narrow remote.allowedNetworks to your tailnet (100.64.0.0/10) or one network");
  return ok("phone page", said);
}
