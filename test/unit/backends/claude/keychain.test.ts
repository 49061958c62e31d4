import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readCredentials } from "../../../../src/backends/account-homes.ts";
import { keychainService } from "../../../../src/backends/claude/keychain.ts";
import { claudeAccessToken } from "../../../../src/backends/claude/usage.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-keychain-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

// A stand-in for macOS's security(1): find-generic-password -s SERVICE -w prints the item's secret,
// or fails with 44 ("could not be found") like the real one.
const bin = join(tmp, "bin");
mkdirSync(bin);
const home = join(tmp, "claude-work");
const service = keychainService(home);
writeFileSync(join(bin, "security"), `#!/bin/sh
[ "$1" = find-generic-password ] && [ "$2" = -s ] && [ "$4" = -w ] || exit 2
[ "$3" = '${service}' ] && { printf '%s\\n' '{"claudeAiOauth":{"accessToken":"tok-from-keychain"}}'; exit 0; }
echo "security: SecKeychainSearchCopyNext: The specified item could not be found in the keychain." >&2
exit 44
`);
chmodSync(join(bin, "security"), 0o755);
const env = { PATH: `${bin}:/usr/bin:/bin` };

describe("Claude Code's credentials in the macOS Keychain", () => {
  it("the service is Claude Code-credentials, with the first 8 hex of sha256(NFC config dir) for a CLAUDE_CONFIG_DIR", () => {
    assert.equal(keychainService(undefined), "Claude Code-credentials");
    const dir = "/Users/me/.claude-cafe\u0301"; // a decomposed é: hashed in NFC, as Claude Code does
    assert.equal(keychainService(dir), `Claude Code-credentials-${createHash("sha256").update("/Users/me/.claude-caf\u00e9").digest("hex").slice(0, 8)}`);
    assert.match(keychainService("/x"), /^Claude Code-credentials-[0-9a-f]{8}$/);
  });
  it("on macOS an account's credentials are its home's Keychain item; another home has none", () => {
    const found = readCredentials("claude", home, "darwin", env);
    assert.match(found.where, new RegExp(`Keychain item "${service}"`));
    assert.match(found.text ?? "", /tok-from-keychain/);
    assert.equal(readCredentials("claude", join(tmp, "logged-out"), "darwin", env).text, undefined);
  });
  it("elsewhere, and for Codex, the credentials file in the home", () => {
    writeFileSync(join(tmp, ".credentials.json"), '{"claudeAiOauth":{"accessToken":"file-tok"}}');
    assert.equal(readCredentials("claude", tmp, "linux", env).where, join(tmp, ".credentials.json"));
    assert.match(readCredentials("claude", tmp, "linux", env).text ?? "", /file-tok/);
    assert.equal(readCredentials("codex", home, "darwin", env).where, join(home, "auth.json"));
  });
  it("the usage fetcher takes the access token from the Keychain on macOS", () => {
    const saved = process.env["PATH"];
    process.env["PATH"] = env.PATH;
    try {
      assert.equal(claudeAccessToken(home, "darwin"), "tok-from-keychain");
      assert.equal(claudeAccessToken(join(tmp, "logged-out"), "darwin"), undefined);
    } finally {
      process.env["PATH"] = saved;
    }
  });
});
