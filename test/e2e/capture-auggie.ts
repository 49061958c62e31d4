import { join } from "node:path";
import { auggieEnv, findAuggie, seedAuggieHome } from "./auggie-home.ts";
import type { CaptureServer } from "./capture-tmux.ts";
import type { FakeAugment } from "./fake-augment.ts";
import { HELLO } from "./fake-model.ts";

/** Auggie's onboarding, indexing and tool-approval screens, a turn, a streamed turn and its exit. */
export async function captureAuggie(tmux: CaptureServer, fake: FakeAugment): Promise<void> {
  const bin = findAuggie();
  if (!bin) throw new Error("no auggie to run (node_modules/.bin/auggie, or AUGGIE_BIN)");
  const step = async (label: string, run: () => Promise<void>) => {
    try { await run(); } catch (error) { console.log(`auggie ${label}: ${(error as Error).message.split("\n")[0]}`); }
  };
  const ready = /\? to show shortcuts/;
  await step("first start", async () => {
    // A home without .auggie.json: the welcome, three tips, then the indexing question for the workspace.
    const pane = tmux.launch("auggie-first", tmux.dir("work-auggie-first"), auggieEnv(tmux.dir("home-auggie-first"), fake.url), [bin]);
    await tmux.waitFor(pane, /Welcome to Augment Code/, 90_000);
    await tmux.settle(pane);
    tmux.capture(pane, "auggie-onboarding");
    await tmux.keys(pane, "Enter");
    await tmux.waitFor(pane, /1 of 3/, 20_000);
    await tmux.settle(pane);
    tmux.capture(pane, "auggie-onboarding-tips");
    for (const next of [/2 of 3/, /3 of 3/, /Workspace Indexing Permission/]) {
      await tmux.keys(pane, "Enter");
      await tmux.waitFor(pane, next, 20_000);
    }
    await tmux.settle(pane);
    tmux.capture(pane, "auggie-dialog-indexing");
    await tmux.keys(pane, "4");
    await tmux.waitFor(pane, ready, 30_000);
    await tmux.settle(pane);
    tmux.capture(pane, "auggie-startup");
    tmux.kill(pane);
  });
  const home = tmux.dir("home-auggie");
  const work = tmux.dir("work-auggie");
  seedAuggieHome(home, [work]);
  const pane = tmux.launch("auggie", work, auggieEnv(home, fake.url), [bin, "--permission", "launch-process:ask-user"]);
  const idle = async () => { await tmux.waitFor(pane, ready, 60_000); await tmux.settle(pane); };
  await idle();
  await step("turn", async () => {
    await tmux.type(pane, "say hello");
    await tmux.waitFor(pane, new RegExp(HELLO.replace(".", "\\.")), 60_000);
    await idle();
    tmux.capture(pane, "auggie-after-turn");
  });
  await step("working", async () => {
    await tmux.type(pane, "E2E_SLOW tell me slowly");
    await tmux.waitFor(pane, /esc to interrupt/, 30_000);
    await tmux.settle(pane, 300, 2_000);
    tmux.capture(pane, "auggie-working");
    await tmux.waitFor(pane, /keep the CLI busy/, 60_000);
    await idle();
  });
  await step("permission", async () => {
    await tmux.type(pane, `E2E_TOOL E2E_CMD=${join(tmux.root, "auggie-marker")}`);
    await tmux.waitFor(pane, /Tool Approval Required/, 60_000);
    await tmux.settle(pane);
    tmux.capture(pane, "auggie-permission");
    await tmux.keys(pane, "a");
    await tmux.waitFor(pane, /Tool finished/, 60_000);
    await idle();
    tmux.capture(pane, "auggie-idle");
  });
  await step("exit", async () => {
    await tmux.keys(pane, "C-c");
    await tmux.waitFor(pane, /Press Ctrl\+C again to exit/, 10_000);
    await tmux.keys(pane, "C-c");
    await tmux.waitFor(pane, /auggie session resume/, 20_000);
    await tmux.settle(pane);
    tmux.capture(pane, "auggie-after-exit");
  });
  tmux.kill(pane);
}
