import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareCodexHome } from "../../../../src/backends/codex/hooks.ts";
import { codexDoctorChecks } from "../../../../src/backends/codex/trust-state.ts";

/** Codex's one doctor finding. */
const codexTrust = (env: Record<string, string>) => codexDoctorChecks(env)[0]!;

describe("doctor: Codex's trust of agentmux's hooks", () => {
  it("Codex: agentmux's hooks trusted as prepareCodexHome writes them; a record removed fails; none there, or a FIFO for hooks.json, is said", () => {
    const home = mkdtempSync(join(tmpdir(), "agentmux-doctor-codex-"));
    assert.equal(codexTrust({ CODEX_HOME: home }).level, "ok");
    prepareCodexHome({ codexHome: home });
    const trusted = codexTrust({ CODEX_HOME: home });
    assert.equal(trusted.level, "ok");
    assert.match(trusted.said, /^6 of agentmux's in .*, each trusted/);
    const config = join(home, "config.toml");
    const text = readFileSync(config, "utf8");
    writeFileSync(config, text.replace(/trusted_hash = "[^"]*"\n/, ""));
    const untrusted = codexTrust({ CODEX_HOME: home });
    assert.equal(untrusted.level, "fail");
    assert.match(untrusted.said, /1 of agentmux's 6 hooks .* have no trusted_hash/);
    writeFileSync(config, text.replace(/sha256:[0-9a-f]+/, "sha256:0"));
    assert.equal(codexTrust({ CODEX_HOME: home }).level, "fail", "a stale hash is no trust");
  });

});
