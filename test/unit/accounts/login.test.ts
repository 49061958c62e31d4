import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loginAccount } from "../../../src/accounts/login.ts";
import { parseConfig } from "../../../src/config/config.ts";
import { isAgentmuxError } from "../../../src/util/errors.ts";

// On macOS Claude's credentials live in the Keychain, which a test must not write.
const linuxOnly = { skip: process.platform === "darwin" ? "Claude's credentials are in the Keychain on macOS" : false };

describe("loginAccount", linuxOnly, () => {
  let root = "";
  let savedHome: string | undefined;
  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-login-")));
    // syncAccountHome finds the canonical ~/.claude and ~/.codex through HOME: a scratch one.
    savedHome = process.env["HOME"];
    process.env["HOME"] = join(root, "home");
    mkdirSync(join(root, "home", ".claude"), { recursive: true });
    writeFileSync(join(root, "home", ".claude", "settings.json"), '{"theme":"dark"}');
  });
  afterEach(() => {
    if (savedHome === undefined) delete process.env["HOME"];
    else process.env["HOME"] = savedHome;
    rmSync(root, { recursive: true, force: true });
  });

  /** A fake CLI that records its arguments and its home variable, then runs body. */
  function fakeCli(name: string, body: string): string {
    const program = join(root, "bin", name);
    mkdirSync(join(root, "bin"), { recursive: true });
    writeFileSync(program, `#!/bin/sh\nprintf '%s\\n' "$*" "$CLAUDE_CONFIG_DIR$CODEX_HOME" > "${join(root, "ran")}"\n${body}\n`);
    chmodSync(program, 0o755);
    return program;
  }
  function setup(backend: "claude" | "codex", program: string) {
    const home = join(root, "accounts", `${backend} «work» #1`);
    const config = parseConfig([
      "backends:",
      `  ${backend}:`,
      `    program: ${JSON.stringify(program)}`,
      "    accounts:",
      `      work: { home: ${JSON.stringify(home)} }`,
    ].join("\n"), "config.yml");
    const account = config.backends[backend]?.accounts?.["work"];
    assert.ok(account);
    return { config, account, home };
  }
  async function rejectsWith(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
    await assert.rejects(promise, (error: unknown) => {
      assert.ok(isAgentmuxError(error), String(error));
      assert.match(error.oneLine(), pattern);
      return true;
    });
  }

  it("runs the CLI's login with the account's variable, after preparing its home", async () => {
    const program = fakeCli("claude", 'printf \'{"claudeAiOauth":{"accessToken":"t"}}\' > "$CLAUDE_CONFIG_DIR/.credentials.json"');
    const t = setup("claude", program);
    assert.equal(await loginAccount(t.config, "claude", t.account), `claude account work: logged in (${t.home})`);
    assert.deepEqual(readFileSync(join(root, "ran"), "utf8").split("\n"), ["auth login", t.home, ""]);
    assert.ok(lstatSync(join(t.home, "settings.json")).isSymbolicLink(), "the home was synced before the login");
  });

  it("Codex logs in with `codex login` and CODEX_HOME", async () => {
    const program = fakeCli("codex", 'printf \'{"tokens":{}}\' > "$CODEX_HOME/auth.json"');
    const t = setup("codex", program);
    assert.equal(await loginAccount(t.config, "codex", t.account), `codex account work: logged in (${t.home})`);
    assert.deepEqual(readFileSync(join(root, "ran"), "utf8").split("\n"), ["login", t.home, ""]);
  });

  it("a failed login names the command and its exit code, and says to run it again", async () => {
    const t = setup("claude", fakeCli("claude", "exit 3"));
    await rejectsWith(loginAccount(t.config, "claude", t.account),
      new RegExp(`^logging in claude account work failed: CLAUDE_CONFIG_DIR=${t.home.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} .*/claude auth login exited with 3 \\(run agentmux account login work again\\)$`));
  });

  it("a login that leaves no credentials is a failure naming where they should be", async () => {
    const t = setup("claude", fakeCli("claude", "exit 0"));
    await rejectsWith(loginAccount(t.config, "claude", t.account),
      /^logging in claude account work left no credentials in .*\.credentials\.json \(run agentmux account login work again and finish the flow\)$/);
  });

  it("a CLI that is not installed is named, with the install hint, and nothing is created", async () => {
    const t = setup("codex", join(root, "bin", "no-such-codex"));
    await rejectsWith(loginAccount(t.config, "codex", t.account), /^Codex is not installed: ".*no-such-codex" is not on PATH \(.+\)$/);
    assert.equal(existsSync(t.home), false);
  });
});
