import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CREDENTIALS_FILE, readClaudeCredentials } from "../../../../src/backends/claude/credentials.ts";
import { keychainService } from "../../../../src/backends/claude/keychain.ts";

describe("readClaudeCredentials", () => {
  let root = "";
  let home = "";
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "agentmux-claude-creds-"));
    home = join(root, "claude «work» #1");
    mkdirSync(home);
    mkdirSync(join(root, "bin"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A fake `security` on PATH that records its arguments and prints secret (or fails without one). */
  function fakeSecurity(secret: string | undefined): Record<string, string> {
    const script = join(root, "bin", "security");
    const answer = secret === undefined ? "exit 44" : `printf '%s\\n' '${secret}'`;
    writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$@" > "${join(root, "args")}"\n${answer}\n`);
    chmodSync(script, 0o755);
    return { PATH: `${join(root, "bin")}:/usr/bin:/bin` };
  }

  it("on Linux: the home's .credentials.json", () => {
    writeFileSync(join(home, CREDENTIALS_FILE), '{"claudeAiOauth":{"accessToken":"tok"}}');
    assert.deepEqual(readClaudeCredentials(home, "linux", {}), { where: join(home, ".credentials.json"), text: '{"claudeAiOauth":{"accessToken":"tok"}}' });
  });

  it("on Linux, logged out: where it looked, and no text", () => {
    assert.deepEqual(readClaudeCredentials(home, "linux", {}), { where: join(home, ".credentials.json"), text: undefined });
  });

  it("on macOS: the Keychain item named after the home, read with security", () => {
    const env = fakeSecurity('{"claudeAiOauth":{"accessToken":"kc"}}');
    const service = keychainService(home);
    assert.match(service, /^Claude Code-credentials-[0-9a-f]{8}$/);
    assert.deepEqual(readClaudeCredentials(home, "darwin", env), { where: `the macOS Keychain item "${service}"`, text: '{"claudeAiOauth":{"accessToken":"kc"}}' });
    assert.deepEqual(readFileSync(join(root, "args"), "utf8").split("\n"), ["find-generic-password", "-s", service, "-w", ""]);
  });

  it("on macOS, a credentials file in the home does not count: only the Keychain does", () => {
    writeFileSync(join(home, CREDENTIALS_FILE), '{"stale":true}');
    const env = fakeSecurity(undefined);
    assert.deepEqual(readClaudeCredentials(home, "darwin", env), { where: `the macOS Keychain item "${keychainService(home)}"`, text: undefined });
  });
});
