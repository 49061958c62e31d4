import { join } from "node:path";
import type { CaptureServer } from "./capture-tmux.ts";
import type { FakeAnthropic } from "./fake-anthropic.ts";
import { findOpencode, opencodeEnv, seedOpencodeHome } from "./opencode-home.ts";

// opencode's footer: "esc interrupt" while a turn runs, "ctrl+p commands" otherwise.
const IDLE_FOOTER = /ctrl\+p commands/;

/** opencode's dialogs (permission for a shell command and an edit, its question tool) and the near-misses. */
export async function captureOpencode(tmux: CaptureServer, fake: FakeAnthropic): Promise<void> {
  const opencode = findOpencode();
  if (opencode.bin === null) throw new Error(opencode.reason);
  const work = tmux.dir("work-opencode");
  const home = tmux.dir("home-opencode");
  seedOpencodeHome(home, fake.url);
  const pane = tmux.launch("opencode", work, opencodeEnv(home), [opencode.bin]);
  await tmux.waitFor(pane, /Ask anything/, 120_000);
  await tmux.settle(pane);
  const idle = async () => {
    const end = Date.now() + 60_000;
    while (Date.now() < end && /esc interrupt/.test(tmux.screen(pane))) await new Promise((r) => setTimeout(r, 250));
    await tmux.waitFor(pane, IDLE_FOOTER, 30_000);
    await tmux.settle(pane);
  };
  const step = async (label: string, run: () => Promise<void>) => {
    try { await run(); } catch (error) { console.log(`opencode ${label}: ${(error as Error).message.split("\n")[0]}`); }
  };
  const turn = async (prompt: string, wait: RegExp, name: string | null) => {
    await tmux.type(pane, prompt);
    await tmux.waitFor(pane, wait, 60_000);
    await tmux.settle(pane);
    if (name) tmux.capture(pane, name);
  };

  await step("write permission", async () => {
    await turn(`E2E_WRITE E2E_CMD=${join(work, "e2e-new.txt")} write a note`, /Permission required/, "opencode-permission-edit");
    await tmux.keys(pane, "Enter");
    await idle();
  });
  await step("question", async () => {
    await turn("E2E_ASK which colour?", /Which colour should the marker be\?/, "opencode-question");
    await tmux.keys(pane, "Escape");
    await idle();
  });
  await step("prose", async () => {
    await turn("E2E_PROSE look at the project", /Would you like me to/, null);
    await idle();
    tmux.capture(pane, "opencode-prose-question");
  });
  await step("interrupt", async () => {
    await turn("E2E_LONG a long answer", /esc interrupt/, null);
    await tmux.keys(pane, "Escape", "Escape");
    await idle();
    tmux.capture(pane, "opencode-interrupted");
  });
  tmux.kill(pane);
}
