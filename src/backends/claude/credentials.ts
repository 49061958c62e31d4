import type { Credentials } from "../shared/types.ts";
import { readCredentialsFile } from "../shared/credentials.ts";
import { keychainService, readKeychain } from "./keychain.ts";

export const CREDENTIALS_FILE = ".credentials.json";

/** Claude Code on macOS keeps an account's credentials in the Keychain under a service named after its home. */
export function readClaudeCredentials(home: string, platform: NodeJS.Platform = process.platform, env: Record<string, string | undefined> = process.env): Credentials {
  if (platform === "darwin") {
    const service = keychainService(home);
    return { where: `the macOS Keychain item "${service}"`, text: readKeychain(service, env) };
  }
  return readCredentialsFile(home, CREDENTIALS_FILE);
}

