import { writeConfig } from "./config.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestServer } from "./tmux-server.ts";

export interface AccountHomesOptions {
  /** The HOME to fill (the server runs with it already); default: a HOME of the server's own, set here. */
  home?: string | undefined;
  /** Account homes created without credentials (logged out). */
  loggedOut?: string[];
}

/**
 * A HOME with a canonical ~/.claude (settings.json "{}") and, per name, a logged-in Claude account
 * home ~/.claude-NAME whose access token is tok-NAME; and the agentmux config (the lines given).
 * Without options.home, call it before server.start(): the panes and the CLI get this HOME.
 */
export function claudeAccounts(server: TestServer, names: string[], config: Record<string, unknown>, options: AccountHomesOptions = {}): string {
  const home = options.home ?? join(server.home, "home");
  if (options.home === undefined) server.env["HOME"] = home;
  mkdirSync(join(home, ".claude"), { recursive: true });
  writeFileSync(join(home, ".claude", "settings.json"), "{}\n");
  for (const name of names) {
    mkdirSync(join(home, `.claude-${name}`), { recursive: true });
    writeFileSync(join(home, `.claude-${name}`, ".credentials.json"), JSON.stringify({ claudeAiOauth: { accessToken: `tok-${name}` } }));
  }
  for (const name of options.loggedOut ?? []) mkdirSync(join(home, `.claude-${name}`), { recursive: true });
  writeConfig(server.home, config);
  return home;
}
