import { join } from "node:path";
import type { CaptureServer } from "./capture-tmux.ts";
import type { FakeAnthropic } from "./fake-anthropic.ts";
import { findKilo, kiloEnv, seedKiloHome } from "./kilo-home.ts";

// Kilo's footer: "esc interrupt" while a turn runs, "ctrl+p commands" otherwise.
const IDLE_FOOTER = /ctrl\+p commands/;

/** Kilo's screens: startup, idle, working, its permission and question dialogs, an interrupted turn, after exit. */
export async function captureKilo(tmux: CaptureServer, fake: FakeAnthropic): Promise<void> {
  const kilo = findKilo();
  if (kilo.bin === null) throw new Error(kilo.reason);
  const work = tmux.dir("work-kilo");
  const home = tmux.dir("home-kilo");
  seedKiloHome(home, fake.url);
  const pane = tmux.launch("kilo", work, { ...kiloEnv(home), TERM: "xterm-256color" }, [kilo.bin]);
  await tmux.waitFor(pane, /Ask anything/, 120_000);
  tmux.capture(pane, "kilo-startup");
  await tmux.settle(pane);
  tmux.capture(pane, "kilo-idle");
  const idle = async () => {
    const end = Date.now() + 60_000;
    while (Date.now() < end && /esc interrupt/.test(tmux.screen(pane))) await new Promise((r) => setTimeout(r, 250));
    await tmux.waitFor(pane, IDLE_FOOTER, 30_000);
    await tmux.settle(pane);
  };
  const step = async (label: string, run: () => Promise<void>) => {
    try { await run(); } catch (error) { console.log(`kilo ${label}: ${(error as Error).message.split("\n")[0]}`); }
  };
  const turn = async (prompt: string, wait: RegExp, name: string | null) => {
    await tmux.type(pane, prompt);
    await tmux.waitFor(pane, wait, 60_000);
    await tmux.settle(pane);
    if (name) tmux.capture(pane, name);
  };

  await step("working", async () => {
    await tmux.type(pane, "E2E_SLOW say something slowly");
    await tmux.waitFor(pane, /esc interrupt/, 60_000);
    await tmux.waitFor(pane, /slow streamed/, 60_000);
    tmux.capture(pane, "kilo-working");
    await idle();
    tmux.capture(pane, "kilo-after-turn");
  });
  await step("permission", async () => {
    await turn(`E2E_TOOL E2E_CMD=${join(work, "e2e-marker")} create the marker`, /Permission required[\s\S]*Allow once/, "kilo-permission");
    await tmux.keys(pane, "Enter");
    await idle();
  });
  await step("write permission", async () => {
    await turn(`E2E_WRITE E2E_CMD=${join(work, "e2e-new.txt")} write a note`, /Permission required/, "kilo-permission-edit");
    await tmux.keys(pane, "Enter");
    await idle();
  });
  await step("question", async () => {
    await turn("E2E_ASK which colour?", /Which colour should the marker be\?/, "kilo-question");
    await tmux.keys(pane, "Escape");
    await idle();
  });
  await step("prose", async () => {
    await turn("E2E_PROSE look at the project", /Would you like me to/, null);
    await idle();
    tmux.capture(pane, "kilo-prose-question");
  });
  await step("interrupt", async () => {
    await turn("E2E_LONG a long answer", /esc interrupt/, null);
    await tmux.keys(pane, "Escape", "Escape");
    await idle();
    tmux.capture(pane, "kilo-interrupted");
  });
  await step("exit", async () => {
    await tmux.type(pane, "/exit", false);
    await tmux.settle(pane);
    await tmux.keys(pane, "Enter");
    // remain-on-exit keeps the pane, and what Kilo left on the screen, once it has quit.
    const end = Date.now() + 30_000;
    while (Date.now() < end && tmux.tmux("display-message", "-p", "-t", pane, "#{pane_dead}").trim() !== "1") await new Promise((r) => setTimeout(r, 250));
    tmux.capture(pane, "kilo-after-exit");
  });
  tmux.kill(pane);
}
