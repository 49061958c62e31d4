import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestServer } from "./tmux-server.ts";

/**
 * A HOME of the test server's own with a canonical ~/.claude and, per name, a logged-in Claude
 * account home ~/.claude-NAME whose access token is tok-NAME; and the agentmux config (the lines
 * given). Call before server.start(): the panes and the CLI get this HOME.
 */
export function claudeAccounts(server: TestServer, names: string[], configLines: string[]): string {
  const home = join(server.home, "home");
  server.env["HOME"] = home;
  mkdirSync(join(home, ".claude"), { recursive: true });
  for (const name of names) {
    mkdirSync(join(home, `.claude-${name}`), { recursive: true });
    writeFileSync(join(home, `.claude-${name}`, ".credentials.json"), JSON.stringify({ claudeAiOauth: { accessToken: `tok-${name}` } }));
  }
  mkdirSync(join(server.home, "config"), { recursive: true });
  writeFileSync(join(server.home, "config", "config.yml"), `${configLines.join("\n")}\n`);
  return home;
}
