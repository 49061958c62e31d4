import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { CLI, ROOT } from "../helpers/tmux-server.ts";

const HOOK = `'${join(ROOT, "shell", "agentmux-hook")}'`;
const STATUS = `'${join(ROOT, "shell", "agentmux-statusline")}'`;

/** A temporary HOME (and optionally CLAUDE_CONFIG_DIR) and the built CLI run against it. */
function sandbox(withConfigDir: boolean) {
  const home = mkdtempSync(join(tmpdir(), "agentmux-setup-"));
  const configDir = withConfigDir ? join(home, "claude-config") : join(home, ".claude");
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("AGENTMUX_") && k !== "CLAUDE_CONFIG_DIR") env[k] = v;
  env["HOME"] = home;
  if (withConfigDir) env["CLAUDE_CONFIG_DIR"] = configDir;
  const file = join(configDir, "settings.json");
  const run = (flag: string) => execa("node", [CLI, "setup", "claude", flag], { env, extendEnv: false, reject: false, cwd: home });
  const backups = () => (existsSync(configDir) ? readdirSync(configDir).filter((n) => n.startsWith("settings.json.agentmux-backup-")).sort() : []);
  return { configDir, file, run, backups, read: () => JSON.parse(readFileSync(file, "utf8")) };
}

type Settings = { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>; statusLine?: { command: string }; [key: string]: unknown };
const commands = (settings: Settings, event: string) => (settings.hooks[event] ?? []).flatMap((g) => g.hooks.map((h) => h.command));

const USER = {
  model: "opus",
  permissions: { allow: ["Bash(npm test)"] },
  hooks: {
    Stop: [{ hooks: [{ type: "command", command: "notify-send 'done'" }] }],
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "~/bin/guard", timeout: 5 }] }],
  },
  statusLine: { type: "command", command: "npx ccstatusline", padding: 0 },
};

describe("agentmux setup claude", () => {
  it("--global creates ~/.claude/settings.json from nothing, with hooks and status line", async () => {
    const box = sandbox(false);
    const r = await box.run("--global");
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /^added agentmux's hooks for 12 events and its status line to .*\.claude\/settings\.json$/);
    const settings = box.read() as Settings;
    assert.equal(Object.keys(settings.hooks).length, 12);
    assert.deepEqual(settings.hooks["SessionStart"], [{ hooks: [{ type: "command", command: `${HOOK} --global SessionStart`, timeout: 10 }] }]);
    assert.deepEqual(settings.statusLine, { type: "command", command: STATUS });
    assert.deepEqual(box.backups(), [], "nothing to back up");
  });

  it("--global keeps the user's settings, backs them up, and is idempotent; --remove-global restores them", async () => {
    const box = sandbox(true);
    mkdirSync(box.configDir, { recursive: true });
    const original = `${JSON.stringify(USER, null, 2)}\n`;
    writeFileSync(box.file, original);

    const first = await box.run("--global");
    assert.equal(first.exitCode, 0, String(first.stderr));
    assert.match(String(first.stdout), /^added agentmux's hooks for 12 events to .*claude-config\/settings\.json, keeping your own status line \(backup: .*settings\.json\.agentmux-backup-\d{8}-\d{6}\)$/);
    assert.equal(box.backups().length, 1);
    assert.equal(readFileSync(join(box.configDir, box.backups()[0] ?? ""), "utf8"), original);
    const added = box.read() as Settings;
    assert.deepEqual(commands(added, "Stop"), ["notify-send 'done'", `${HOOK} --global Stop`]);
    assert.deepEqual(commands(added, "PreToolUse"), ["~/bin/guard", `${HOOK} --global PreToolUse`]);
    assert.deepEqual(added.statusLine, USER.statusLine);
    assert.equal(added["model"], "opus");

    const again = await box.run("--global");
    assert.equal(again.exitCode, 0, String(again.stderr));
    assert.match(String(again.stdout), /already has agentmux's hooks; nothing changed/);
    assert.deepEqual(box.read(), added, "exactly one copy of each hook");
    assert.equal(box.backups().length, 1);

    const removed = await box.run("--remove-global");
    assert.equal(removed.exitCode, 0, String(removed.stderr));
    assert.match(String(removed.stdout), /^removed 12 agentmux hooks from .*settings\.json \(backup: /);
    assert.equal(readFileSync(box.file, "utf8"), original, "everything else is unchanged, byte for byte");
    assert.equal(box.backups().length, 2, "a second backup in the same second does not overwrite the first");

    const nothing = await box.run("--remove-global");
    assert.match(String(nothing.stdout), /has no agentmux hooks or status line; nothing changed/);
  });

  it("--remove-global removes entries from any checkout and our status line, keeping the rest", async () => {
    const box = sandbox(true);
    mkdirSync(box.configDir, { recursive: true });
    const mixed = {
      ...USER,
      statusLine: { type: "command", command: "/old/checkout/shell/agentmux-statusline" },
      hooks: {
        ...USER.hooks,
        Stop: [{ hooks: [{ type: "command", command: "notify-send 'done'" }, { type: "command", command: "/old/checkout/shell/agentmux-hook --global Stop" }] }],
        SessionEnd: [{ hooks: [{ type: "command", command: "'/elsewhere/agentmux-hook' --global SessionEnd", timeout: 10 }] }],
      },
    };
    writeFileSync(box.file, JSON.stringify(mixed, null, 4));
    const r = await box.run("--remove-global");
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /^removed 2 agentmux hooks and its status line from /);
    const { statusLine: _statusLine, ...rest } = USER;
    assert.equal(readFileSync(box.file, "utf8"), `${JSON.stringify(rest, null, 4)}\n`, "the file's own indentation is kept");
  });

  it("--remove-global without a settings.json creates none", async () => {
    const box = sandbox(false);
    const r = await box.run("--remove-global");
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /has no agentmux hooks or status line; nothing changed/);
    assert.equal(existsSync(box.file), false);
  });

  it("refuses a settings.json that is not valid JSON and leaves it untouched", async () => {
    const box = sandbox(false);
    mkdirSync(box.configDir, { recursive: true });
    writeFileSync(box.file, "{ \"model\": \"opus\", }");
    for (const flag of ["--global", "--remove-global"]) {
      const r = await box.run(flag);
      assert.equal(r.exitCode, 1);
      assert.match(String(r.stderr), /^agentmux: .*\.claude\/settings\.json:1:20: not valid JSON: .* \(fix the file or move it away, then run agentmux setup claude --(global|remove-global) again; it was left untouched\)$/);
      assert.equal(readFileSync(box.file, "utf8"), "{ \"model\": \"opus\", }");
      assert.deepEqual(box.backups(), []);
    }
  });

  it("needs exactly one of --global and --remove-global", async () => {
    const box = sandbox(false);
    const r = await execa("node", [CLI, "setup", "claude"], { reject: false, env: { ...process.env, HOME: join(box.configDir, "..") } });
    assert.equal(r.exitCode, 1);
    assert.match(String(r.stderr), /needs one of --global or --remove-global/);
  });
});
