import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { boxed, Person } from "../helpers/client.ts";
import { writeConfig } from "../helpers/config.ts";
import { TestServer } from "../helpers/tmux-server.ts";

/**
 * `agentmux account login NAME` on a tmux server runs the login flow in a popup on the person's
 * client and reports the outcome once the popup closes. The fake `codex login` waits for Enter (a
 * real flow waits for the browser), then writes auth.json; under the "bad" account it fails.
 */
describe("account login in a popup", () => {
  const server = new TestServer();
  const viewer = new TestServer();
  const person = new Person(server, viewer);
  const home = join(server.home, "home");

  before(async () => {
    server.env["HOME"] = home;
    mkdirSync(join(home, "bin"), { recursive: true });
    const fake = join(home, "bin", "fake-codex");
    writeFileSync(fake, [
      "#!/bin/sh",
      '[ "$1" = login ] || exit 64',
      'echo "fake login for $CODEX_HOME: press Enter when done"',
      "read -r _",
      'case "$CODEX_HOME" in *bad) echo "login failed: denied" >&2; exit 3;; esac',
      `printf '{"tokens":{"access_token":"t","account_id":"x"}}' > "$CODEX_HOME/auth.json"`,
      'echo "Successfully logged in"',
    ].join("\n"));
    chmodSync(fake, 0o755);
    writeConfig(server.home, { backends: { codex: { program: fake, accounts: { cx: "~/.codex-cx", bad: "~/.codex-bad", later: "~/.codex-later" } } } });
    await server.start();
    await viewer.start();
  });
  after(async () => {
    await viewer.stop();
    await server.stop();
  });

  it("with no client to show a popup on (and no terminal), it says so and how to log in instead", async () => {
    const r = await server.cli(["account", "login", "cx"]);
    assert.equal(r.exitCode, 1);
    assert.match(String(r.stderr), /^agentmux: could not open a popup to log in codex account cx: no current client \(run agentmux account login cx --no-popup in a terminal\)/);
    assert.ok(!existsSync(join(home, ".codex-cx", "auth.json")));
  });

  it("runs the login in a popup on the client, with the account's home, and reports success after it closes", async () => {
    await person.attach();
    const login = server.cli(["account", "login", "cx"]);
    const popup = await person.waitForScreen(/│Logging in codex account cx \(CODEX_HOME=.*\.codex-cx\)[\s\S]*fake login for .*\.codex-cx: press Enter/);
    assert.match(popup, /┌─+┐/);
    await person.type("Enter");
    const r = await login;
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /^codex account cx: logged in \(.*\.codex-cx\)$/);
    assert.ok(existsSync(join(home, ".codex-cx", "auth.json")));
    await person.waitForScreen(/^(?![\s\S]*fake login)/);
  });

  it("a failed login keeps the popup open to read, then reports the failure", async () => {
    const login = server.cli(["account", "login", "bad"]);
    await person.waitForScreen(/fake login for .*\.codex-bad/);
    await person.type("Enter");
    const screen = await person.waitForScreen(/\(press Enter\)/);
    assert.match(screen, /login failed: denied/);
    // The inline login's own error, in the popup (its line wraps at the popup's border).
    assert.match(boxed(screen).join(""), /agentmux: logging in codex account bad failed: CODEX_HOME=.*exited with 3/);
    await person.type("Enter");
    const r = await login;
    assert.equal(r.exitCode, 1);
    assert.match(String(r.stderr), /^agentmux: logging in codex account bad failed \(exit status 1\) \(run agentmux account login bad again\)/);
  });

  it("--no-popup runs the login in this terminal even on a tmux server", async () => {
    const r = await server.cli(["account", "login", "later", "--no-popup"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /fake login for .*\.codex-later[\s\S]*Successfully logged in\ncodex account later: logged in/);
    assert.doesNotMatch(await person.screen(), /fake login/);
  });
});
