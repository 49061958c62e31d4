import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadsAgentmux, pluginLine, pluginLineStep, tmuxConfFile } from "../../../src/setup/tmux-conf.ts";
import { makeFifo } from "../../helpers/fifo.ts";

describe("setup: the plugin line in tmux's config", () => {
  it("recognises run-shell of the plugin and TPM's @plugin line, not a comment", () => {
    assert.equal(loadsAgentmux("run-shell '/opt/agent mux/tmux/agentmux.tmux'\n"), true);
    assert.equal(loadsAgentmux("run -b ~/src/agentmux/tmux/agentmux.tmux"), true);
    assert.equal(loadsAgentmux("set -g @plugin 'agentmux/agentmux'\n"), true);
    assert.equal(loadsAgentmux("# run-shell /opt/agentmux/tmux/agentmux.tmux\nset -g mouse on\n"), false);
    assert.equal(loadsAgentmux(""), false);
  });

  it("~/.tmux.conf, else the XDG file when only that exists", () => {
    const home = mkdtempSync(join(tmpdir(), "agentmux-setup-"));
    assert.equal(tmuxConfFile({ HOME: home }), join(home, ".tmux.conf"));
    mkdirSync(join(home, ".config", "tmux"), { recursive: true });
    writeFileSync(join(home, ".config", "tmux", "tmux.conf"), "set -g mouse on\n");
    assert.equal(tmuxConfFile({ HOME: home }), join(home, ".config", "tmux", "tmux.conf"));
  });

  it("offers the line when missing: appended after the user's lines, the file backed up, its mode kept; then it is found", () => {
    const home = mkdtempSync(join(tmpdir(), "agentmux-setup-"));
    const conf = join(home, ".tmux.conf");
    writeFileSync(conf, "set -g mouse on");
    chmodSync(conf, 0o600);
    const root = "/opt/it's agentmux";
    const step = pluginLineStep(root, { HOME: home }, new Date(2026, 11, 5, 12, 0, 0));
    assert.equal(step.ok, false);
    assert.ok(step.offer);
    assert.equal(step.offer.question, `Add "run-shell "'/opt/it'\\\\''s agentmux/tmux/agentmux.tmux'"" to the end of ${conf}?`);
    assert.match(step.offer.apply(), /added the plugin line to .*\.tmux\.conf \(backup: .*agentmux-backup-20261205-120000\)/);
    assert.equal(readFileSync(conf, "utf8"), `set -g mouse on\n# agentmux: keys, status segment and daemon\n${pluginLine(root)}\n`);
    assert.equal(statSync(conf).mode & 0o777, 0o600);
    assert.equal(readdirSync(home).filter((n) => n.includes("agentmux-backup")).length, 1);
    assert.equal(pluginLineStep(root, { HOME: home }).ok, true);
  });

  it("a tmux.conf that is a FIFO is reported, not waited on", () => {
    const home = mkdtempSync(join(tmpdir(), "agentmux-setup-"));
    const end = makeFifo(join(home, ".tmux.conf"));
    const step = pluginLineStep("/opt/agentmux", { HOME: home });
    end();
    assert.equal(step.ok, false);
    assert.match(step.found, /cannot be read/);
    assert.equal(step.offer, undefined);
  });
});
