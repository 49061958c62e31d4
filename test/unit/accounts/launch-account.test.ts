import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readlinkSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { accountForLaunch } from "../../../src/accounts/launch-account.ts";
import { saveSelection } from "../../../src/accounts/selection.ts";
import { writeUsageCache } from "../../../src/accounts/usage-store.ts";
import { parseConfig } from "../../../src/config/config.ts";
import { throwsLine } from "../../helpers/assert-error.ts";

function setup() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-launch-account-")));
  const canonical = join(root, "canonical");
  mkdirSync(canonical);
  writeFileSync(join(canonical, "settings.json"), "{}");
  const home = (name: string, loggedIn: boolean) => {
    mkdirSync(join(root, name));
    if (loggedIn) writeFileSync(join(root, name, ".credentials.json"), JSON.stringify({ claudeAiOauth: { accessToken: name } }));
    return join(root, name);
  };
  const project = join(root, "project");
  mkdirSync(project);
  const config = parseConfig([
    "backends:",
    "  claude:",
    "    accounts:",
    `      a: { home: ${home("a", true)}, pool: work }`,
    `      b: { home: ${home("b", true)}, pool: work }`,
    `      out: ${home("out", false)}`,
    `      gone: ${join(root, "missing")}`,
    "directoryRules:",
    `  - { dir: ${project}, claude: work }`,
  ].join("\n"), "c.yml");
  const stateDir = join(root, "state");
  const launch = (explicit: string | undefined, dir = root, backend: "claude" | "codex" | "gemini" = "claude") => accountForLaunch(config, backend, explicit, dir, { stateDir, canonical });
  return { root, config, stateDir, launch, project };
}

describe("accountForLaunch", () => {
  it("an explicit account: its home synced and its variable for the pane", () => {
    const t = setup();
    const chosen = t.launch("a");
    assert.deepEqual(chosen.env, { CLAUDE_CONFIG_DIR: join(t.root, "a") });
    assert.equal(chosen.account?.name, "a");
    assert.equal(readlinkSync(join(t.root, "a", "settings.json")), join(t.root, "canonical", "settings.json"));
  });

  it("the directory rule chooses when none is given; a pool is routed by the cached readings and announced", () => {
    const t = setup();
    const reading = (pct: number) => ({ sessionPct: pct, weeklyPct: pct, sessionResetsAt: null, weeklyResetsAt: null, limited: false, fetchedAt: Date.now() });
    writeUsageCache(t.stateDir, [
      { backend: "claude", account: "a", reading: reading(80), failures: 0 },
      { backend: "claude", account: "b", reading: reading(5), failures: 0 },
    ]);
    const chosen = t.launch(undefined, join(t.project));
    assert.equal(chosen.account?.name, "b");
    assert.equal(chosen.resolution?.via, "directory-rule");
    assert.equal(chosen.notice, "pool work → b (session 5 %, weekly 5 %)");
    assert.equal(t.launch(undefined, t.project).notice, undefined, "keeping the member is silent");
  });

  it("the selection applies elsewhere; nothing selected runs on the CLI's own home", () => {
    const t = setup();
    assert.deepEqual(t.launch(undefined).env, {});
    saveSelection(t.stateDir, "claude", "a");
    assert.equal(t.launch(undefined).account?.name, "a");
  });

  it("a logged-out account is refused with a pointer to account login", () => {
    const t = setup();
    throwsLine(() => t.launch("out"), /^claude account out is logged out: .*out\/\.credentials\.json does not exist \(log in with: agentmux account login out\)$/);
  });

  it("a home that does not exist aborts the start with the reason", () => {
    const t = setup();
    throwsLine(() => t.launch("gone"), /^claude account gone: its home .*missing does not exist \(create it with: agentmux account init gone\)$/);
  });

  it("an unknown account is an error once the backend declares accounts", () => {
    const t = setup();
    throwsLine(() => t.launch("nope"), /^claude has no account or pool "nope"/);
  });

  it("a backend without accounts (or without account support) runs on its own home; an account named for it is an error", () => {
    const t = setup();
    assert.deepEqual(t.launch(undefined, t.root, "codex").env, {});
    assert.deepEqual(t.launch(undefined, t.root, "gemini").env, {});
    assert.throws(() => t.launch("nope", t.root, "codex"), (e: Error & { hint?: string }) => /there is no codex account "nope": no codex accounts are configured/.test(e.message) && /backends\.codex\.accounts/.test(e.hint ?? ""));
    assert.throws(() => t.launch("nope", t.root, "gemini"), /gemini sessions do not run under accounts: there is no gemini account "nope"/);
  });
});
