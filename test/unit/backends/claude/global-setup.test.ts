import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeGlobalSetup } from "../../../../src/backends/claude/global-setup.ts";
import { HOOK_EVENTS } from "../../../../src/backends/claude/hooks.ts";
import { throwsLine } from "../../../helpers/assert-error.ts";

const N = HOOK_EVENTS.length;
const BACKUP = /\.agentmux-backup-\d{8}-\d{6}(-\d+)?$/;

// The module reads Claude's config directory from CLAUDE_CONFIG_DIR: each test points it at a scratch directory.
describe("agentmux setup claude --global / --remove-global", () => {
  let dir = "";
  let saved: string | undefined;
  let settings = "";
  beforeEach(() => {
    saved = process.env["CLAUDE_CONFIG_DIR"];
    dir = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-claude-global-")));
    process.env["CLAUDE_CONFIG_DIR"] = dir;
    settings = join(dir, "settings.json");
  });
  afterEach(() => {
    if (saved === undefined) delete process.env["CLAUDE_CONFIG_DIR"];
    else process.env["CLAUDE_CONFIG_DIR"] = saved;
    rmSync(dir, { recursive: true, force: true });
  });
  const read = () => JSON.parse(readFileSync(settings, "utf8")) as { hooks?: Record<string, unknown[]>; statusLine?: { command: string }; [key: string]: unknown };
  const backups = () => readdirSync(dir).filter((n) => BACKUP.test(n));

  it("without a settings file: writes one with the hooks and the status line, and no backup", () => {
    assert.equal(claudeGlobalSetup.add(), `added agentmux's hooks for ${N} events and its status line to ${settings}`);
    const written = read();
    assert.deepEqual(Object.keys(written.hooks ?? {}).sort(), [...HOOK_EVENTS].sort());
    assert.match(JSON.stringify(written.hooks), /agentmux-hook'? --global /);
    assert.match(written.statusLine?.command ?? "", /agentmux-statusline/);
    assert.deepEqual(backups(), []);
  });

  it("a second run changes nothing and says so", () => {
    claudeGlobalSetup.add();
    const before = readFileSync(settings, "utf8");
    assert.equal(claudeGlobalSetup.add(), `${settings} already has agentmux's hooks; nothing changed`);
    assert.equal(readFileSync(settings, "utf8"), before);
    assert.deepEqual(backups(), []);
  });

  it("the user's settings, hooks and status line are kept, and backed up before the change", () => {
    const mine = { model: "opus «é»", hooks: { Stop: [{ hooks: [{ type: "command", command: "notify-send 'done #1'" }] }] }, statusLine: { type: "command", command: "~/bin/my-line" } };
    const text = `${JSON.stringify(mine, null, 4)}\n`;
    writeFileSync(settings, text);
    const message = claudeGlobalSetup.add();
    const [backup] = backups();
    assert.ok(backup);
    assert.equal(message, `added agentmux's hooks for ${N} events to ${settings}, keeping your own status line (backup: ${join(dir, backup)})`);
    assert.equal(readFileSync(join(dir, backup), "utf8"), text);
    const after = read();
    assert.equal(after["model"], "opus «é»");
    assert.deepEqual(after.statusLine, mine.statusLine);
    assert.deepEqual(after.hooks?.["Stop"]?.[0], mine.hooks.Stop[0], "the user's hook stays first");
    assert.equal(after.hooks?.["Stop"]?.length, 2);
    assert.ok(readFileSync(settings, "utf8").includes('\n    "model"'), "the file's indent is kept");
  });

  it("a status line of agentmux from another checkout is refreshed", () => {
    writeFileSync(settings, JSON.stringify({ statusLine: { type: "command", command: "/old/checkout/shell/agentmux-statusline", padding: 2 } }));
    assert.match(claudeGlobalSetup.add(), /^added agentmux's hooks for \d+ events and refreshed its status line in .*settings\.json \(backup: .*\)$/);
    const line = read().statusLine as { command: string; padding?: number };
    assert.doesNotMatch(line.command, /\/old\/checkout/);
    assert.equal(line.padding, 2);
  });

  it("a settings.json that is a link (dotfiles) stays a link; its target gets the change", () => {
    const target = join(dir, "dotfiles", "claude-settings.json");
    mkdirSync(join(dir, "dotfiles"));
    writeFileSync(target, "{}\n");
    symlinkSync(target, settings);
    claudeGlobalSetup.add();
    assert.ok(readdirSync(dir).includes("settings.json"));
    assert.ok(Object.keys((JSON.parse(readFileSync(target, "utf8")) as { hooks: object }).hooks).length > 0);
  });

  it("settings that are not valid JSON are refused by name and place, and left untouched", () => {
    writeFileSync(settings, '{\n  "model": "x",\n  oops\n}\n');
    throwsLine(() => claudeGlobalSetup.add(), new RegExp(`^${settings.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:3:\\d+: not valid JSON: .*agentmux setup claude --global again; it was left untouched\\)$`));
    assert.equal(readFileSync(settings, "utf8"), '{\n  "model": "x",\n  oops\n}\n');
    assert.deepEqual(backups(), []);
  });

  it("settings that hold no object are refused", () => {
    writeFileSync(settings, "[1, 2]\n");
    throwsLine(() => claudeGlobalSetup.remove(), /settings\.json does not hold a JSON object \(make it one .*agentmux setup claude --remove-global again; it was left untouched\)$/);
  });

  it("removing takes out exactly agentmux's entries, restores nothing else, and backs up first", () => {
    const mine = { model: "x", hooks: { Stop: [{ hooks: [{ type: "command", command: "say done" }] }] } };
    writeFileSync(settings, JSON.stringify(mine));
    claudeGlobalSetup.add();
    for (const b of backups()) rmSync(join(dir, b));
    const added = readFileSync(settings, "utf8");
    const message = claudeGlobalSetup.remove();
    const [backup] = backups();
    assert.ok(backup);
    assert.equal(message, `removed ${N} agentmux hook${N === 1 ? "" : "s"} and its status line from ${settings} (backup: ${join(dir, backup)})`);
    assert.equal(readFileSync(join(dir, backup), "utf8"), added);
    assert.deepEqual(read(), mine);
  });

  it("removing a chained status line gives the user's own command back; one hook is counted as one", () => {
    const chained = { type: "command", command: "AGENTMUX_STATUSLINE_CHAIN='~/bin/my line' /opt/agentmux/shell/agentmux-statusline" };
    const hooks = { Stop: [{ hooks: [{ type: "command", command: "/opt/agentmux/shell/agentmux-hook --global Stop" }] }] };
    writeFileSync(settings, JSON.stringify({ statusLine: chained, hooks }));
    assert.match(claudeGlobalSetup.remove(), /^removed 1 agentmux hook and restored your own status line from .*settings\.json \(backup: /);
    assert.deepEqual(read(), { statusLine: { type: "command", command: "~/bin/my line" } });
  });

  it("removing from settings without agentmux's entries changes nothing", () => {
    writeFileSync(settings, '{"model":"x"}');
    assert.equal(claudeGlobalSetup.remove(), `${settings} has no agentmux hooks or status line; nothing changed`);
    assert.equal(readFileSync(settings, "utf8"), '{"model":"x"}');
    assert.deepEqual(backups(), []);
  });

  it("removing without a settings file creates none", () => {
    assert.match(claudeGlobalSetup.remove(), /nothing changed$/);
    assert.equal(existsSync(settings), false);
  });
});
