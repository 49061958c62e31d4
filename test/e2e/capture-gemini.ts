import { accessSync, constants, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/tmux-server.ts";
import type { CaptureServer } from "./capture-tmux.ts";
import type { FakeGemini } from "./fake-gemini.ts";

/** The gemini to drive: $GEMINI_BIN, else this checkout's node_modules/.bin/gemini. */
function findGemini(): string {
  const bin = process.env["GEMINI_BIN"] ?? join(ROOT, "node_modules", ".bin", "gemini");
  accessSync(bin, constants.X_OK);
  return bin;
}

/** Gemini CLI's permission and question dialogs, captured into test/fixtures/real/screens. */
export async function captureGemini(tmux: CaptureServer, fake: FakeGemini): Promise<void> {
  const bin = findGemini();
  const work = tmux.dir("work-gemini");
  const home = tmux.dir("home-gemini");
  const dir = tmux.dir("home-gemini/.gemini");
  // Gemini API-key auth (the base URL alone makes it "gateway" auth), no update checks, no telemetry.
  writeFileSync(join(dir, "settings.json"), JSON.stringify({
    security: { auth: { selectedType: "gemini-api-key" }, folderTrust: { enabled: false } },
    general: { disableAutoUpdate: true, disableUpdateNag: true, enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    ui: { theme: "Default" },
    ide: { hasSeenNudge: true, enabled: false },
  }, null, 2));
  writeFileSync(join(dir, "trustedFolders.json"), JSON.stringify({ [work]: "TRUST_FOLDER" }));
  const env = { HOME: home, GOOGLE_GEMINI_BASE_URL: fake.url, GEMINI_API_KEY: "dummy", GEMINI_CLI_NO_RELAUNCH: "true", GOOGLE_API_KEY: undefined, GOOGLE_CLOUD_PROJECT: undefined };
  const pane = tmux.launch("gemini", work, env, [bin]);
  const ready = async () => { await tmux.waitFor(pane, /Ready/, 60_000, "title"); await tmux.settle(pane); };
  // The input line shows before Gemini takes keys: wait for its title to say Ready too.
  await tmux.waitFor(pane, /Type your message/, 120_000);
  await ready();
  const step = async (label: string, run: () => Promise<void>) => {
    try { await run(); } catch (error) { console.log(`gemini ${label}: ${(error as Error).message.split("\n")[0]}`); }
  };
  await step("question", async () => {
    await tmux.type(pane, "E2E_ASK pick a colour");
    await tmux.waitFor(pane, /Which colour should the marker be\?/, 60_000);
    await tmux.settle(pane);
    tmux.capture(pane, "gemini-question");
    await tmux.keys(pane, "Escape");
    await ready();
  });
  await step("prose", async () => {
    await tmux.type(pane, "E2E_PROSE look at the project");
    await tmux.waitFor(pane, /Would you like me to/, 60_000);
    await ready();
    tmux.capture(pane, "gemini-prose-question");
  });
  tmux.kill(pane);
}
