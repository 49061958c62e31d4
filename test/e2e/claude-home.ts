import { execFileSync } from "node:child_process";
import { accessSync, constants, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/tmux-server.ts";

export interface ClaudeHomeOptions {
  /** Absolute project directories whose trust dialog counts as accepted. */
  projects: string[];
  /** The ANTHROPIC_API_KEY the panes get; Claude asks about a custom key unless it is approved. */
  apiKey?: string;
  /** The installed version, recorded as the last onboarding version. */
  version?: string;
}

/** Write CLAUDE_CONFIG_DIR/.claude.json so Claude starts straight at its input prompt, offline. */
export function seedClaudeHome(dir: string, options: ClaudeHomeOptions): string {
  mkdirSync(dir, { recursive: true });
  const project = { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true, projectOnboardingSeenCount: 1, allowedTools: [] };
  const projects: Record<string, typeof project> = {};
  for (const path of options.projects) {
    projects[path] = project;
    try {
      projects[realpathSync(path)] = project;
    } catch {
      // not created yet: the path as given is the key
    }
  }
  const config = {
    // Without this Claude runs an onboarding check against api.anthropic.com and exits with status 1.
    hasCompletedOnboarding: true,
    ...(options.version ? { lastOnboardingVersion: options.version } : {}),
    theme: "dark",
    autoUpdates: false,
    // Claude records an approved key by its last 20 characters.
    customApiKeyResponses: { approved: [(options.apiKey ?? "dummy").slice(-20)], rejected: [] },
    projects,
  };
  const file = join(dir, ".claude.json");
  writeFileSync(file, JSON.stringify(config, null, 2) + "\n");
  return file;
}

/** The environment Claude needs to use the fake server and nothing else on the network. */
export function claudeEnv(configDir: string, baseUrl: string, apiKey = "dummy"): Record<string, string> {
  return {
    CLAUDE_CONFIG_DIR: configDir,
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: apiKey,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
  };
}

export type ClaudeBinary = { bin: string; dir: string; version: string } | { bin: null; reason: string };

/** The claude installed in this checkout's node_modules, checked by running `claude --version`. */
export function findClaude(root = ROOT): ClaudeBinary {
  const dir = join(root, "node_modules", ".bin");
  const bin = join(dir, "claude");
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    return { bin: null, reason: `${bin} is not installed (run npm ci; it is a devDependency)` };
  }
  try {
    const out = execFileSync(bin, ["--version"], { encoding: "utf8", timeout: 30_000, stdio: ["ignore", "pipe", "pipe"] });
    const version = /^\s*(\d+\.\d+\.\d+)/.exec(out)?.[1];
    if (!version) return { bin: null, reason: `${bin} --version printed no version: ${out.trim().slice(0, 200)}` };
    return { bin, dir, version };
  } catch (error) {
    return { bin: null, reason: `${bin} --version failed: ${String((error as Error).message).split("\n")[0]}` };
  }
}
