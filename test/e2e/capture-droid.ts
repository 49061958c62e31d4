import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { prepareDroidLaunchArgs } from "../../src/backends/droid/settings.ts";
import { PORTABLE_ROOT, writeHookLog, type CaptureServer } from "./capture-tmux.ts";
import { droidEnv, findDroid, seedDroidHome } from "./droid-home.ts";
import type { FakeAnthropic } from "./fake-anthropic.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Wait until the pane's process has ended (remain-on-exit keeps the pane). */
async function paneDead(tmux: CaptureServer, pane: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (tmux.tmux("display-message", "-p", "-t", pane, "#{pane_dead}").trim() === "1") return;
    await sleep(250);
  }
  throw new Error(`${pane} did not exit within ${timeoutMs} ms`);
}

/**
 * Factory's droid (node_modules/.bin/droid, or $DROID_BIN): startup, a streamed turn, the command
 * approval, an interrupted turn, the folder-trust dialog and the screen after exit, captured into
 * test/fixtures/real/screens; the hook payloads of the session (through the --settings file agentmux
 * gives its sessions, with a logger for the forwarder) into test/fixtures/real/hooks/droid-hooks.jsonl.
 */
export async function captureDroid(tmux: CaptureServer, fake: FakeAnthropic): Promise<void> {
  const found = process.env["DROID_BIN"] ? { bin: process.env["DROID_BIN"] } : findDroid();
  if (found.bin === null) throw new Error(found.reason);
  const work = tmux.dir("work-droid");
  const untrusted = tmux.dir("work-droid-new");
  const home = tmux.dir("home-droid");
  seedDroidHome(home, fake.url, [work]);
  const log = join(tmux.root, "droid-hooks.jsonl");
  const logger = join(tmux.root, "hook-logger.sh");
  writeFileSync(logger, `#!/bin/sh\nprintf '{"ts":"%s","event":"%s","payload":%s}\\n' "$(date -u +%Y-%m-%dT%H:%M:%S.000Z)" "$1" "$(tr -d '\\n')" >> '${log}'\n`);
  chmodSync(logger, 0o755);
  const argv = (cwd: string) => prepareDroidLaunchArgs({ argv: [found.bin], stateDir: join(tmux.root, "state"), cwd, hookPath: logger }).argv;
  const env = droidEnv(home);
  const input = /^│ > /m;
  const ready = async (pane: string) => { await tmux.waitFor(pane, input, 90_000); await tmux.settle(pane); };
  const step = async (label: string, run: () => Promise<void>) => {
    try { await run(); } catch (error) { console.log(`droid ${label}: ${(error as Error).message.split("\n")[0]}`); }
  };

  const pane = tmux.launch("droid", work, env, argv(work));
  await tmux.waitFor(pane, input, 120_000);
  tmux.capture(pane, "droid-startup");
  await ready(pane);
  tmux.capture(pane, "droid-idle");
  await step("working", async () => {
    await tmux.type(pane, "E2E_SLOW take your time");
    await tmux.waitFor(pane, /Streaming\.\.\./, 60_000);
    tmux.capture(pane, "droid-working");
    await tmux.waitFor(pane, /keep the CLI busy for a while/, 60_000);
    await ready(pane);
    tmux.capture(pane, "droid-after-turn");
  });
  await step("permission", async () => {
    await tmux.type(pane, `E2E_TOOL E2E_CMD=${join(work, "marker")}`);
    await tmux.waitFor(pane, /Command to approve/, 60_000);
    await tmux.settle(pane);
    tmux.capture(pane, "droid-permission");
    await tmux.keys(pane, "Enter");
    await tmux.waitFor(pane, /Process exited with code 0/, 60_000);
    await ready(pane);
    tmux.capture(pane, "droid-after-tool");
  });
  await step("interrupted", async () => {
    await tmux.type(pane, "E2E_LONG go on for a while");
    await tmux.waitFor(pane, /Streaming\.\.\./, 60_000);
    await tmux.keys(pane, "Escape");
    await tmux.waitFor(pane, /Request cancelled by user/, 30_000);
    await ready(pane);
    tmux.capture(pane, "droid-interrupted");
  });
  await step("prose", async () => {
    await tmux.type(pane, "E2E_PROSE look at the project");
    await tmux.waitFor(pane, /Would you like me to/, 60_000);
    await ready(pane);
    tmux.capture(pane, "droid-prose-question");
  });
  await step("exit", async () => {
    await tmux.keys(pane, "C-c");
    await tmux.waitFor(pane, /Press Ctrl\+C again to exit/, 10_000);
    await tmux.keys(pane, "C-c");
    await tmux.waitFor(pane, /To resume this session, run: droid --resume/, 30_000);
    await tmux.settle(pane);
    tmux.capture(pane, "droid-after-exit");
  });
  tmux.kill(pane);

  await step("trust", async () => {
    const other = tmux.launch("droid-trust", untrusted, env, argv(untrusted));
    await tmux.waitFor(other, /Trust this folder\?/, 120_000);
    await tmux.settle(other);
    tmux.capture(other, "droid-dialog-trust-folder");
    // "Esc to exit": droid leaves by itself, so nothing of it still writes into the home when it goes.
    await tmux.keys(other, "Escape");
    await paneDead(tmux, other, 30_000);
    tmux.kill(other);
  });
  const portable = readFileSync(log, "utf8").replaceAll(tmux.root, PORTABLE_ROOT).replaceAll(tmux.root.replaceAll("/", "-"), PORTABLE_ROOT.replaceAll("/", "-"));
  writeHookLog("droid-hooks.jsonl", portable);
}
