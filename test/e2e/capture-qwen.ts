import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { PORTABLE_ROOT, SCREENS, writeHookLog, type CaptureServer } from "./capture-tmux.ts";
import { startFakeChat } from "./fake-openai-chat.ts";
import { findQwen, qwenEnv, seedQwenDir } from "./qwen-home.ts";

/**
 * Qwen Code's screens (startup, idle, working, the permission dialog, a finished turn, the trust
 * dialog, after exit), captured into test/fixtures/real/screens. It starts its own fake Chat
 * Completions server. $QWEN_BIN names another qwen than node_modules/.bin/qwen.
 */
export async function captureQwen(tmux: CaptureServer): Promise<void> {
  const bin = process.env["QWEN_BIN"] ?? findQwen();
  if (!bin) throw new Error("Qwen Code is not installed (node_modules/.bin/qwen; or set QWEN_BIN)");
  const fake = await startFakeChat({ port: 0, slowMs: 8000, thinkMs: 2500 });
  try {
    const work = tmux.dir("work-qwen");
    const home = tmux.dir("home-qwen");
    // Every hook event Qwen knows, logged with its payload (test/fixtures/real/hooks/qwen-hooks.jsonl).
    const log = join(tmux.root, "qwen-hooks.jsonl");
    const logger = join(tmux.root, "qwen-hook-log.sh");
    writeFileSync(logger, `#!/bin/sh\nprintf '{"ts":"%s","event":"%s","payload":%s}\\n' "$(date -u +%Y-%m-%dT%H:%M:%S.000Z)" "$1" "$(cat)" >> '${log}'\n`);
    chmodSync(logger, 0o755);
    const events = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "Notification", "Stop", "StopFailure", "SubagentStart", "SubagentStop", "PreCompact", "PostCompact", "SessionEnd"];
    const hooks = Object.fromEntries(events.map((e) => [e, [{ matcher: "*", hooks: [{ type: "command", command: `${logger} ${e}` }] }]]));
    seedQwenDir(join(home, ".qwen"), fake.url, { hooks });
    const env = qwenEnv(home, fake.url);
    const pane = tmux.launch("qwen", work, env, [bin]);
    const idle = async () => { await tmux.waitFor(pane, /Type your message/, 60_000); await tmux.settle(pane); };
    await tmux.waitFor(pane, /Type your message/, 120_000);
    await tmux.settle(pane);
    tmux.capture(pane, "qwen-startup");
    await tmux.type(pane, "say hello");
    await tmux.waitFor(pane, /Hello from the fake model\./, 60_000);
    await idle();
    tmux.capture(pane, "qwen-idle");
    await tmux.type(pane, "E2E_SLOW take your time");
    await tmux.waitFor(pane, /esc to cancel\)/, 60_000);
    tmux.capture(pane, "qwen-working");
    await tmux.waitFor(pane, /This is a slow streamed answer/, 60_000);
    tmux.capture(pane, "qwen-working-streaming");
    await tmux.waitFor(pane, /^\s*\?\s+for shortcuts/m, 60_000);
    await idle();
    const marker = join(work, "marker-from-qwen");
    await tmux.type(pane, `E2E_TOOL E2E_CMD=${marker} please`);
    await tmux.waitFor(pane, /Allow execution of/, 90_000);
    await tmux.settle(pane);
    tmux.capture(pane, "qwen-permission");
    await tmux.keys(pane, "Enter");
    await tmux.waitFor(pane, /Tool finished: /, 60_000);
    await idle();
    tmux.capture(pane, "qwen-after-tool");
    await tmux.type(pane, "/quit");
    const end = Date.now() + 30_000;
    while (Date.now() < end && tmux.tmux("display-message", "-p", "-t", pane, "#{pane_dead}").trim() !== "1") await new Promise((r) => setTimeout(r, 250));
    await tmux.settle(pane);
    tmux.capture(pane, "qwen-after-exit");
    tmux.kill(pane);
    if (existsSync(log)) writeHookLog("qwen-hooks.jsonl", readFileSync(log, "utf8").replaceAll(tmux.root, PORTABLE_ROOT));
    // With folder trust on, an untrusted folder asks first.
    const untrusted = tmux.dir("work-qwen-untrusted");
    const trustHome = tmux.dir("home-qwen-trust");
    seedQwenDir(join(trustHome, ".qwen"), fake.url, { security: { auth: { selectedType: "openai" }, folderTrust: { enabled: true } } });
    writeFileSync(join(trustHome, ".qwen", "trustedFolders.json"), "{}\n");
    const trust = tmux.launch("qwen-trust", untrusted, qwenEnv(trustHome, fake.url), [bin]);
    await tmux.waitFor(trust, /Do you trust this folder\?/, 120_000);
    await tmux.settle(trust);
    tmux.capture(trust, "qwen-dialog-trust-folder");
    // "2. Trust parent folder (<scratch dir's name>)": the random name, as the portable root's, padded to keep the columns.
    const random = basename(tmux.root);
    for (const ext of ["txt", "ansi.txt"]) {
      const file = join(SCREENS, `qwen-dialog-trust-folder.${ext}`);
      writeFileSync(file, readFileSync(file, "utf8").replaceAll(`(${random})`, `(e2e)${" ".repeat(random.length - 3)}`));
    }
    tmux.kill(trust);
  } finally {
    await fake.close();
  }
}
