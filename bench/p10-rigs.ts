import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { TestServer } from "../test/helpers/tmux-server.ts";
import { claudeEnv, findClaude, seedClaudeHome } from "../test/e2e/claude-home.ts";
import { codexEnv, findCodex, seedCodexHome } from "../test/e2e/codex-home.ts";
import { startFakeAnthropic } from "../test/e2e/fake-anthropic.ts";
import { startFakeOpenAI } from "../test/e2e/fake-openai.ts";

/** What P10 needs to know of one real CLI's screens and hooks (docs: test/fixtures/real/screens). */
export interface CliShape {
  label: string;
  backend: "claude" | "codex";
  /** Its input prompt after startup. */
  ready: RegExp;
  /** The permission dialog an E2E_TOOL prompt makes. */
  dialog: RegExp;
  /** The key that approves the dialog once. */
  approve: string;
  /** A turn under way (gone once it ends or is interrupted). */
  streaming: RegExp;
  /** The hook events that announce the dialog. */
  dialogHooks: string[];
  /** What the issue asks of its interrupt, if anything. */
  interruptTargetMs?: number;
}

export const CLAUDE: CliShape = {
  label: "Claude", backend: "claude", ready: /^❯\u00a0/m, dialog: /Do you want to proceed\?/, approve: "Enter",
  streaming: /^\S \S+… \(/m, dialogHooks: ["PermissionRequest", "Notification"],
};

export const CODEX: CliShape = {
  label: "Codex", backend: "codex", ready: /Ask Codex to do anything/, dialog: /Would you like to run the following command\?/, approve: "y",
  streaming: /esc to interrupt/, dialogHooks: ["PermissionRequest"], interruptTargetMs: 1000,
};

/** A private tmux server set up for one real CLI against its fake model server, as the e2e matrix does. */
export interface Rig {
  server: TestServer;
  project: string;
  /** The daemon's event journal (AGENTMUX_EVENT_LOG). */
  journal: string;
  close: () => Promise<void>;
}

// Long enough that no streamed answer ends before its Escape.
const SLOW_MS = 30_000;

function withJournal(server: TestServer): string {
  const journal = join(server.home, "events.jsonl");
  server.env["AGENTMUX_EVENT_LOG"] = journal;
  return journal;
}

async function stopAll(server: TestServer, close: () => Promise<void>): Promise<void> {
  await server.cli(["daemon", "stop"]).catch(() => undefined);
  await server.stop().catch(async () => { await new Promise((r) => setTimeout(r, 2000)); await server.stop(); });
  await close();
}

/** The rig for Claude Code, or why there is none. */
export async function claudeRig(): Promise<Rig | string> {
  const claude = findClaude();
  if (claude.bin === null) return claude.reason;
  const fake = await startFakeAnthropic({ port: 0, slowMs: SLOW_MS });
  const server = new TestServer({ PATH: `${claude.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
  const journal = withJournal(server);
  const project = join(server.home, "project");
  mkdirSync(project, { recursive: true });
  const configDir = join(server.home, "claude-config");
  seedClaudeHome(configDir, { projects: [project], apiKey: "dummy", version: claude.version });
  await server.start();
  await server.setServerEnv({ ...claudeEnv(configDir, fake.url), HOME: join(server.home, "home") });
  return { server, project, journal, close: () => stopAll(server, () => fake.close()) };
}

/** The rig for Codex, or why there is none. */
export async function codexRig(): Promise<Rig | string> {
  const codex = findCodex();
  if (codex.bin === null) return codex.reason;
  const fake = await startFakeOpenAI({ port: 0, slowMs: SLOW_MS, thinkMs: 300 });
  const home = join(mkdtempSync(join(tmpdir(), "agentmux-codex-")), "home");
  const codexHome = join(home, ".codex");
  const server = new TestServer({ PATH: `${codex.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}`, CODEX_HOME: codexHome });
  const journal = withJournal(server);
  const project = join(server.home, "project");
  mkdirSync(project, { recursive: true });
  seedCodexHome(codexHome, { projects: [project], providerUrl: fake.url });
  await server.start();
  await server.setServerEnv({ ...codexEnv(codexHome), HOME: home });
  return {
    server, project, journal,
    close: () => stopAll(server, async () => { await fake.close(); rmSync(dirname(home), { recursive: true, force: true }); }),
  };
}
