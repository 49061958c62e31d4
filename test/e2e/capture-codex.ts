import { execFileSync } from "node:child_process";
import { appendFileSync } from "node:fs";
import type { CaptureServer } from "./capture-tmux.ts";
import { codexEnv, findCodex, seedCodexHome } from "./codex-home.ts";
import type { FakeOpenAI } from "./fake-openai.ts";

// The composer line; it shows in every state, so a turn's end is the title losing its braille spinner.
const COMPOSER = /^› /m;
const BUSY_TITLE = /^[\u2800-\u28ff]/;

/** Codex's dialogs and the near-misses around them, each captured into test/fixtures/real/screens. */
export async function captureCodex(tmux: CaptureServer, fake: FakeOpenAI, only: (name: string) => boolean): Promise<void> {
  const codex = findCodex();
  if (codex.bin === null) throw new Error(codex.reason);
  const bin = codex.bin;
  const work = tmux.dir("work-codex");
  // Codex asks about trusting a folder that is a git repository and not yet trusted.
  execFileSync("git", ["init", "-q", work]);
  const start = (name: string, trusted: boolean): string => {
    const home = tmux.dir(`home-codex-${name}`);
    const codexHome = tmux.dir(`home-codex-${name}/.codex`);
    const config = seedCodexHome(codexHome, { projects: trusted ? [work] : [], providerUrl: fake.url, model: "gpt-5.5" });
    // /tmp is writable in the workspace-write sandbox, and the scratch root is under it: without
    // this an apply_patch outside the workspace would not ask.
    appendFileSync(config, "\n[sandbox_workspace_write]\nexclude_slash_tmp = true\nexclude_tmpdir_env_var = true\n");
    // A model Codex has metadata for: with an unknown one it offers no apply_patch tool.
    return tmux.launch(`codex-${name}`, work, { ...codexEnv(codexHome), HOME: home }, [bin]);
  };
  const turnDone = async (pane: string) => {
    const end = Date.now() + 60_000;
    while (Date.now() < end && BUSY_TITLE.test(tmux.title(pane))) await new Promise((r) => setTimeout(r, 250));
    await tmux.settle(pane);
  };

  if (only("codex:trust")) {
    const pane = start("trust", false);
    await tmux.waitFor(pane, /trust/i, 90_000);
    await tmux.settle(pane);
    tmux.capture(pane, "codex-dialog-trust-folder");
    tmux.kill(pane);
  }

  if (!only("codex:main")) return;
  const pane = start("main", true);
  await tmux.waitFor(pane, COMPOSER, 90_000);
  await tmux.settle(pane);
  const turn = async (prompt: string, wait: RegExp, name: string | null, timeoutMs = 60_000) => {
    await tmux.type(pane, prompt);
    await tmux.waitFor(pane, wait, timeoutMs);
    await tmux.settle(pane);
    if (name) tmux.capture(pane, name);
  };

  await turn("E2E_PATCH please write the file", /make the following edits|[Pp]ress enter to confirm/, "codex-patch-approval");
  await tmux.keys(pane, "Enter");
  await turnDone(pane);
  await turn("E2E_PROSE look at the project", /Would you like me to/, null);
  await turnDone(pane);
  tmux.capture(pane, "codex-prose-question");
  // Escape as soon as the status line shows: waiting for the screen to settle would outlast the turn.
  await tmux.type(pane, "E2E_SLOW answer slowly");
  await tmux.waitFor(pane, /esc to interrupt/, 60_000);
  await tmux.keys(pane, "Escape");
  await tmux.waitFor(pane, /Conversation interrupted/, 30_000);
  await tmux.settle(pane);
  tmux.capture(pane, "codex-interrupted");
  await turn("Say hello please", /Say hello please[\s\S]*Hello from the fake model\./, null);
  await turnDone(pane);
  tmux.capture(pane, "codex-idle-after-interrupt");
  await turn("E2E_429 hit the limit", /limit|429/i, null);
  await turnDone(pane);
  tmux.capture(pane, "codex-rate-limit");
  tmux.kill(pane);
}
