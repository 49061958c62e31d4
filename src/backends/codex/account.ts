import type { AccountSupport } from "../shared/types.ts";
import { sharedDir as dir, sharedFile as file } from "../shared/shared-items.ts";
import { syncCodexHome } from "./home-sync.ts";
import { fetchCodexUsage } from "./usage.ts";

/** Codex's accounts: homes pointed at by CODEX_HOME, each with its own config.toml (src/backends/codex/home-sync.ts). */
export const codexAccounts: AccountSupport = {
  label: "Codex",
  variable: "CODEX_HOME",
  canonicalDir: ".codex",
  credentialsFile: "auth.json",
  shared: [file("hooks.json"), file("history.jsonl"), dir("skills"), dir("sessions")],
  loginArgs: ["login"],
  syncHome: { item: "config.toml", run: syncCodexHome },
  usageUrl: "https://chatgpt.com/backend-api/wham/usage",
  fetchUsage: fetchCodexUsage,
};
