import { accessSync, constants } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/tmux-server.ts";
import type { CaptureServer } from "./capture-tmux.ts";
import { copilotEnv, findCopilot, seedCopilotDir } from "./copilot-home.ts";
import { startFakeChat } from "./fake-openai-chat.ts";

/** The copilot to drive: $COPILOT_BIN, else this checkout's node_modules/.bin/copilot. */
function copilotBin(): string {
  const bin = process.env["COPILOT_BIN"] ?? findCopilot() ?? join(ROOT, "node_modules", ".bin", "copilot");
  accessSync(bin, constants.X_OK);
  return bin;
}

/** GitHub Copilot CLI's screens (trust, idle, working, permission, interrupted, exit, a provider error), captured into test/fixtures/real/screens. */
export async function captureCopilot(tmux: CaptureServer): Promise<void> {
  const bin = copilotBin();
  const fake = await startFakeChat({ port: 0, thinkMs: 4000, slowMs: 12_000 });
  try {
    const work = tmux.dir("work-copilot");
    const home = tmux.dir("home-copilot");
    seedCopilotDir(join(home, ".copilot"));
    const pane = tmux.launch("copilot", work, copilotEnv(home, fake.url), [bin]);
    const ready = async () => { await tmux.waitFor(pane, /\/ commands · \? help/, 90_000); await tmux.settle(pane); };
    const step = async (label: string, run: () => Promise<void>) => {
      try { await run(); } catch (error) { console.log(`copilot ${label}: ${(error as Error).message.split("\n")[0]}`); }
    };
    // The first start in a folder asks whether to trust it; "2" remembers it in config.json.
    await tmux.waitFor(pane, /Do you trust the files in this folder\?/, 180_000);
    await tmux.settle(pane);
    tmux.capture(pane, "copilot-dialog-trust-folder");
    await tmux.keys(pane, "2");
    await ready();
    tmux.capture(pane, "copilot-startup");
    await step("idle", async () => {
      await tmux.type(pane, "say hello");
      await tmux.waitFor(pane, /Hello from the fake model\./, 60_000);
      await ready();
      tmux.capture(pane, "copilot-idle");
    });
    await step("working", async () => {
      await tmux.type(pane, "E2E_SLOW tell me a story");
      await tmux.waitFor(pane, /Working/, 30_000);
      await tmux.waitFor(pane, /slow streamed answer/, 30_000);
      tmux.capture(pane, "copilot-working");
      await tmux.waitFor(pane, /keep the CLI busy for a while\./, 60_000);
      await ready();
    });
    await step("permission", async () => {
      await tmux.type(pane, `E2E_TOOL E2E_CMD=${join(work, "marker")} please`);
      await tmux.waitFor(pane, /Do you want to run this command\?/, 60_000);
      await tmux.settle(pane);
      tmux.capture(pane, "copilot-permission");
      await tmux.keys(pane, "Enter");
      await tmux.waitFor(pane, /Tool finished/, 60_000);
      await ready();
      tmux.capture(pane, "copilot-after-tool");
    });
    await step("interrupted", async () => {
      // The two Escapes must land while the answer streams (before it they put the prompt back to
      // edit; too slow a pair does nothing): on a loaded machine that can take a few tries.
      for (let attempt = 1; ; attempt++) {
        await tmux.type(pane, `E2E_SLOW again please, try ${attempt}`);
        await tmux.waitFor(pane, /esc esc interrupt/, 30_000);
        // One Escape arms the interrupt ("esc again to interrupt"), the second ends the turn.
        await tmux.keys(pane, "Escape", "Escape");
        try {
          await tmux.waitFor(pane, /Operation cancelled by user/, 20_000);
          break;
        } catch (error) {
          if (attempt === 3) throw error;
          await ready();
        }
      }
      await tmux.settle(pane);
      tmux.capture(pane, "copilot-interrupted");
      await ready();
    });
    await step("exit", async () => {
      await tmux.type(pane, "/exit");
      await tmux.waitFor(pane, /copilot --resume=/, 30_000);
      await tmux.settle(pane);
      tmux.capture(pane, "copilot-after-exit");
    });
    tmux.kill(pane);
    await step("api-error", async () => {
      // A provider that is gone: Copilot retries, then gives up with "✗ Could not connect …".
      const gone = await startFakeChat({ port: 0 });
      await gone.close();
      const failing = tmux.launch("copilot-fail", work, copilotEnv(home, gone.url), [bin]);
      await tmux.waitFor(failing, /\/ commands · \? help/, 90_000);
      await tmux.settle(failing);
      await tmux.type(failing, "say hello");
      await tmux.waitFor(failing, /✗ Could not connect to local model provider/, 120_000);
      await tmux.settle(failing);
      tmux.capture(failing, "copilot-api-error");
      tmux.kill(failing);
    });
  } finally {
    await fake.close();
  }
}
