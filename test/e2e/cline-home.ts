import { accessSync, constants, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { ROOT } from "../helpers/tmux-server.ts";

/** Cline CLI from npm (a devDependency); AGENTMUX_E2E_CLINE names another bin. */
export function findCline(): string | null {
  const bin = process.env["AGENTMUX_E2E_CLINE"] || join(ROOT, "node_modules", ".bin", "cline");
  try { accessSync(bin, constants.X_OK); return statSync(bin).isFile() ? bin : null; } catch { return null; }
}

/**
 * The environment of a test's Cline: a scratch HOME (never the real ~), npm's prefix inside it (a
 * CLI may update itself), no real API keys, and sandbox mode with the data in the scratch
 * ~/.cline/data (what --data-dir sets, through its variables): without it every run starts Cline's
 * hub daemon, which outlives the test.
 */
export function clineEnv(home: string): Record<string, string | undefined> {
  return { HOME: home, NPM_CONFIG_PREFIX: join(home, "npm-global"), CLINE_SANDBOX: "1", CLINE_SANDBOX_DATA_DIR: join(home, ".cline", "data"), OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined, CLINE_DIR: undefined };
}

/**
 * A user's ~/.cline: logged in to the fake (`cline auth`, an OpenAI-compatible provider), its
 * promos seen, auto-update off, tool auto-approval off (so a command asks), and a hook file of the
 * user's own that logs the turns it sees to hookLog.
 */
export function seedClineHome(bin: string, home: string, baseUrl: string, hookLog: string): void {
  const settings = join(home, ".cline", "data", "settings");
  mkdirSync(settings, { recursive: true });
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...clineEnv(home) })) if (v !== undefined) env[k] = v;
  execFileSync(bin, ["auth", "--provider", "openai", "--apikey", "dummy", "--modelid", "fake-model", "--baseurl", `${baseUrl}/v1`], { env, stdio: "ignore", timeout: 60_000 });
  writeFileSync(join(settings, "cli-notices.json"), JSON.stringify({ shown: { "cline-cli-cline-pass-intro": true, "cline-cli-desktop-launch": true } }));
  writeFileSync(join(settings, "global-settings.json"), JSON.stringify({ autoUpdateEnabled: false, telemetryOptOut: true, toolAutoApprove: false }));
  const hooks = join(home, ".cline", "hooks");
  mkdirSync(hooks, { recursive: true });
  writeFileSync(join(hooks, "TaskComplete.sh"), `#!/bin/sh\n# the user's own hook\ncat > /dev/null\necho "TaskComplete $0" >> '${hookLog}'\n`, { mode: 0o755 });
}

/** Every file under dir (path → text), to show they are as they were. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[path] = readFileSync(path, "utf8");
    }
  };
  walk(dir);
  return out;
}

/** Cline hub daemons whose environment names this HOME (none may be left behind). */
export function hubDaemonsOf(home: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "latin1").includes("--cline-hub-daemon")) continue;
      if (readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes(`HOME=${home}`)) pids.push(Number(pid));
    } catch { /* gone */ }
  }
  return pids;
}
