import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";

/**
 * Claude Code on macOS keeps its OAuth credentials in the login Keychain, not in
 * <config dir>/.credentials.json. The item's service is "Claude Code-credentials", with
 * "-<first 8 hex of sha256(config dir, NFC)>" appended when CLAUDE_CONFIG_DIR is set (always, for a
 * session under an agentmux account).
 */
export function keychainService(configDir: string | undefined): string {
  if (!configDir) return "Claude Code-credentials";
  return `Claude Code-credentials-${createHash("sha256").update(configDir.normalize("NFC")).digest("hex").slice(0, 8)}`;
}

/** The item's secret (the credentials JSON) through `security find-generic-password -w`; undefined when there is none. */
export function readKeychain(service: string, env: Record<string, string | undefined> = process.env): string | undefined {
  try {
    const text = execFileSync("security", ["find-generic-password", "-s", service, "-w"], {
      encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 5000, env: env as NodeJS.ProcessEnv,
    }).trim();
    return text === "" ? undefined : text;
  } catch {
    return undefined;
  }
}
