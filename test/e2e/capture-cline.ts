import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "../helpers/tmux-server.ts";
import { PORTABLE_ROOT, writeHookLog, type CaptureServer } from "./capture-tmux.ts";
import { startFakeChat } from "./fake-openai-chat.ts";
import { HELLO } from "./fake-model.ts";

/** The cline to drive: $CLINE_BIN, else this checkout's node_modules/.bin/cline. */
function findCline(): string {
  const bin = process.env["CLINE_BIN"] ?? join(ROOT, "node_modules", ".bin", "cline");
  accessSync(bin, constants.X_OK);
  return bin;
}

/** Wait (up to 10 s) until a process has ended (a zombie counts as ended): Cline still writes its files for a moment after its pane is killed. */
async function gone(pid: number): Promise<void> {
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    let state = "";
    try { state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] ?? ""; } catch { return; }
    if (state === "Z") return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A Cline home logged in to the fake (cline auth), promos seen, tool auto-approval off, and a hook logging every event. */
export function seedClineHome(bin: string, home: string, baseUrl: string, env: Record<string, string | undefined>): void {
  const settings = join(home, ".cline", "data", "settings");
  mkdirSync(settings, { recursive: true });
  execFileSync(bin, ["auth", "--provider", "openai", "--apikey", "dummy", "--modelid", "fake-model", "--baseurl", `${baseUrl}/v1`], { env: { ...process.env, ...env, HOME: home }, stdio: "ignore", timeout: 60_000 });
  writeFileSync(join(settings, "cli-notices.json"), JSON.stringify({ shown: { "cline-cli-cline-pass-intro": true, "cline-cli-desktop-launch": true } }));
  writeFileSync(join(settings, "global-settings.json"), JSON.stringify({ autoUpdateEnabled: false, telemetryOptOut: true, toolAutoApprove: false }));
}

/** Cline's screens (startup, idle, working, its approval dialog, an interrupted turn, exit), captured into test/fixtures/real/screens. */
export async function captureCline(tmux: CaptureServer): Promise<void> {
  const bin = findCline();
  const fake = await startFakeChat({ slowMs: 12_000, thinkMs: 4000 });
  try {
    const work = tmux.dir("work-cline");
    const home = tmux.dir("home-cline");
    // Sandbox mode (what --data-dir sets) keeps Cline's hub daemon from starting and outliving the capture.
    const env = { HOME: home, NPM_CONFIG_PREFIX: join(home, "npm"), CLINE_SANDBOX: "1", CLINE_SANDBOX_DATA_DIR: join(home, ".cline", "data"), OPENAI_API_KEY: undefined };
    seedClineHome(bin, home, fake.url, env);
    const log = join(tmux.root, "cline-hooks.log");
    const hooks = tmux.dir("home-cline/.cline/hooks");
    for (const event of ["TaskStart", "TaskResume", "TaskCancel", "TaskComplete", "TaskError", "PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionShutdown"]) {
      writeFileSync(join(hooks, `${event}.sh`), `#!/bin/sh\nprintf '{"event":"${event}","payload":' >> '${log}'\ncat >> '${log}'\nprintf '}\\n' >> '${log}'\n`);
    }
    const pane = tmux.launch("cline", work, env, [bin]);
    const prompt = async () => { await tmux.waitFor(pane, /^❯ Ask anything/m, 90_000); await tmux.settle(pane); };
    await tmux.waitFor(pane, /What can I do for you\?/, 120_000);
    await tmux.settle(pane);
    tmux.capture(pane, "cline-startup");
    await tmux.type(pane, "say hello");
    await tmux.waitFor(pane, new RegExp(`\\* ${HELLO.replace(".", "\\.")}`), 90_000);
    await prompt();
    tmux.capture(pane, "cline-idle");
    await tmux.type(pane, "E2E_SLOW please");
    await tmux.waitFor(pane, /Thinking\.\.\. \(esc to cancel\)/, 60_000);
    tmux.capture(pane, "cline-working");
    await tmux.waitFor(pane, /^ \S This is a slow/m, 60_000);
    tmux.capture(pane, "cline-working-streamed");
    await tmux.waitFor(pane, /^ \* This is a slow .*a while\.\s*$/m, 60_000);
    await prompt();
    tmux.capture(pane, "cline-done");
    const marker = join(work, "marker-from-cline");
    await tmux.type(pane, `E2E_TOOL E2E_CMD=${marker} please`);
    await tmux.waitFor(pane, /Approve tool call\?/, 60_000);
    await tmux.settle(pane);
    tmux.capture(pane, "cline-permission");
    await tmux.keys(pane, "y");
    await tmux.waitFor(pane, /Tool finished/, 60_000);
    await prompt();
    if (!existsSync(marker)) throw new Error("the approved command did not run");
    tmux.capture(pane, "cline-after-tool");
    await tmux.type(pane, "E2E_SLOW once more");
    await tmux.waitFor(pane, /Thinking\.\.\./, 60_000);
    await tmux.keys(pane, "Escape");
    await prompt();
    tmux.capture(pane, "cline-interrupted");
    await tmux.keys(pane, "C-c");
    const summary = await tmux.waitFor(pane, /Continue\s+cline --id \S+/, 30_000);
    await tmux.settle(pane);
    tmux.capture(pane, "cline-exited");
    tmux.kill(pane);
    // The same conversation again (--id): the transcript is back, and its turns run TaskResume.
    const id = /Continue\s+cline --id (\S+)/.exec(summary)?.[1] ?? "";
    const resumed = tmux.launch("cline-resumed", work, env, [bin, "--id", id]);
    await tmux.waitFor(resumed, /^❯ Ask anything/m, 90_000);
    await tmux.type(resumed, "say hello again");
    await tmux.waitFor(resumed, /❯ say hello again\s*\n \* Hello from the fake model\./, 90_000);
    await tmux.settle(resumed);
    tmux.capture(resumed, "cline-resumed");
    const pid = Number(tmux.tmux("display-message", "-p", "-t", resumed, "#{pane_pid}").trim());
    tmux.kill(resumed);
    await gone(pid);
    const events = existsSync(log) ? readFileSync(log, "utf8").trim() : "";
    writeHookLog("cline-hooks.jsonl", `${events.replaceAll(tmux.root, PORTABLE_ROOT)}\n`);
    console.log(`cline hooks run: ${events.split("\n").map((l) => /"event":"(\w+)"/.exec(l)?.[1]).join(" ")}`);
  } finally {
    await fake.close();
  }
}
