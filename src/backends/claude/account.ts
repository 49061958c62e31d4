import type { AccountSupport } from "../shared/types.ts";
import { sharedDir as dir, sharedFile as file } from "../shared/shared-items.ts";
import { CREDENTIALS_FILE, readClaudeCredentials } from "./credentials.ts";
import { fetchClaudeUsage } from "./usage.ts";
import { syncClaudeJson } from "./json-merge.ts";

/** Claude Code's accounts: homes pointed at by CLAUDE_CONFIG_DIR, each with its .claude.json merged from the canonical one. */
export const claudeAccounts: AccountSupport = {
  label: "Claude Code",
  variable: "CLAUDE_CONFIG_DIR",
  canonicalDir: ".claude",
  credentialsFile: CREDENTIALS_FILE,
  shared: [
    file("settings.json"), file("CLAUDE.md"), file("history.jsonl"),
    dir("hooks"), dir("skills"), dir("agents"), dir("commands"), dir("output-styles"), dir("plugins"), dir("projects"), dir("todos"),
  ],
  loginArgs: ["auth", "login"],
  readCredentials: readClaudeCredentials,
  syncHome: { item: ".claude.json", run: (canonical, home) => ({ notes: syncClaudeJson(canonical, home), backups: [] }) },
  usageUrl: "https://api.anthropic.com/api/oauth/usage",
  fetchUsage: fetchClaudeUsage,
};
