import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, symlinkSync, unlinkSync, writeFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { syncAccountHome } from "../../../src/accounts/home-sync.ts";
import type { AccountEntry } from "../../../src/config/accounts.ts";
import { throwsLine } from "../../helpers/assert-error.ts";
import { syncClaudeJson } from "../../../src/backends/claude/json-merge.ts";

const NOW = new Date(2026, 2, 2, 12, 0, 0);
const account = (name: string, home: string): AccountEntry => ({ name, home, pool: undefined, properties: {} });

/** Every file's bytes and every link's target under dir, links not followed. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      const stat = lstatSync(full);
      const key = relative(dir, full);
      if (stat.isSymbolicLink()) out.set(key, `link:${readlinkSync(full)}`);
      else if (stat.isDirectory()) walk(full);
      else out.set(key, `file:${readFileSync(full).toString("base64")}`);
    }
  };
  walk(dir);
  return out;
}

/** Every entry of before is still in after, at its own path or under a backup of its top-level item. */
function assertEveryByteSurvives(before: Map<string, string>, after: Map<string, string>): void {
  for (const [path, content] of before) {
    const [top, ...rest] = path.split(sep);
    const candidates = [...after.keys()].filter((p) => p === path || (p.startsWith(`${top}.agentmux-backup-`) && p.split(sep).slice(1).join(sep) === rest.join(sep)));
    assert.ok(candidates.some((p) => after.get(p) === content), `${path} was lost`);
  }
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function tmp(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}

const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-claude-json-")));
let n = 0;
const dir = () => { const d = join(root, String(++n)); mkdirSync(d); return d; };
const snapshots = (d: string) => readdirSync(d).filter((f) => f.includes(".agentmux-snapshot-")).sort();
after(() => rmSync(root, { recursive: true, force: true }));

describe("account homes: Claude", () => {
  function fixture() {
    const root = tmp("agentmux-home-claude-");
    const canonical = join(root, "canonical");
    write(join(canonical, "settings.json"), '{"theme":"dark"}\n');
    write(join(canonical, "history.jsonl"), '{"display":"hi"}\n');
    write(join(canonical, "skills", "mine", "SKILL.md"), "# mine\n");
    write(join(canonical, "projects", "-p", "s.jsonl"), "{}\n");
    const home = join(root, "work");
    write(join(home, ".credentials.json"), '{"claudeAiOauth":{"accessToken":"secret"}}');
    write(join(home, ".claude.json"), '{"hasCompletedOnboarding":true}');
    write(join(home, "settings.json"), '{"theme":"light","local":true}\n');
    write(join(home, "skills", "local", "SKILL.md"), "# local skill\n");
    write(join(home, "projects", "-q", "t.jsonl"), "local transcript\n");
    write(join(home, "CLAUDE.md"), "account-local memory, the canonical home has none\n");
    write(join(root, "elsewhere", "agents", "a.md"), "x");
    symlinkSync(join(root, "elsewhere", "agents"), join(home, "agents"));
    return { root, canonical, home };
  }

  it("links shared state from the canonical home; conflicting items moved aside with every byte", () => {
    const f = fixture();
    const before = snapshot(f.home);
    const report = syncAccountHome("claude", account("work", f.home), { canonical: f.canonical, now: NOW });
    for (const name of ["settings.json", "history.jsonl", "skills", "projects", "agents", "hooks", "commands"]) {
      assert.equal(readlinkSync(join(f.home, name)), join(f.canonical, name), name);
    }
    assert.deepEqual(report.backups.map((b) => relative(f.home, b)).sort(), ["agents", "projects", "settings.json", "skills"].map((n) => `${n}.agentmux-backup-20260302-120000`));
    assert.deepEqual(report.keptLocal, ["CLAUDE.md"]);
    assert.equal(readFileSync(join(f.home, "settings.json"), "utf8"), '{"theme":"dark"}\n');
    assert.equal(readFileSync(join(f.home, ".credentials.json"), "utf8"), '{"claudeAiOauth":{"accessToken":"secret"}}', "credentials stay per account");
    assert.ok(lstatSync(join(f.home, ".credentials.json")).isFile());
    assert.ok(lstatSync(join(f.canonical, "hooks")).isDirectory(), "a missing shared directory is created in the canonical home");
    assertEveryByteSurvives(before, snapshot(f.home));
  });

  it("a second sync changes nothing; a later conflict gets a backup of its own", () => {
    const f = fixture();
    syncAccountHome("claude", account("work", f.home), { canonical: f.canonical, now: NOW });
    const again = syncAccountHome("claude", account("work", f.home), { canonical: f.canonical, now: NOW });
    assert.deepEqual([again.linked, again.backups], [[], []]);
    // The CLI replaced a link with a file of its own within the same second: a -2 backup.
    const link = join(f.home, "settings.json");
    unlinkSync(link);
    writeFileSync(link, "written by the CLI\n");
    const third = syncAccountHome("claude", account("work", f.home), { canonical: f.canonical, now: NOW });
    assert.deepEqual(third.backups.map((b) => relative(f.home, b)), ["settings.json.agentmux-backup-20260302-120000-2"]);
    assert.equal(readFileSync(third.backups[0] as string, "utf8"), "written by the CLI\n");
  });

  it("init creates the home; sync refuses one that does not exist", () => {
    const f = fixture();
    const fresh = join(f.root, "fresh");
    throwsLine(() => syncAccountHome("claude", account("fresh", fresh), { canonical: f.canonical }), /^claude account fresh: its home .*fresh does not exist \(create it with: agentmux account init fresh\)$/);
    const report = syncAccountHome("claude", account("fresh", fresh), { canonical: f.canonical, create: true, now: NOW });
    assert.ok(report.linked.includes("settings.json"));
    assert.equal((lstatSync(fresh).mode & 0o777).toString(8), "700");
  });

  it("an account on the canonical home itself is left alone", () => {
    const f = fixture();
    const report = syncAccountHome("claude", account("main", f.canonical), { canonical: f.canonical });
    assert.equal(report.isCanonical, true);
    assert.deepEqual(report.linked, []);
  });
});

describe("account homes: Codex", () => {
  function fixture() {
    const root = tmp("agentmux-home-codex-");
    const canonical = join(root, ".codex");
    const home = join(root, "codex-work");
    const hooks = join(canonical, "hooks.json");
    write(hooks, '{"hooks":{}}\n');
    write(join(canonical, "history.jsonl"), "h\n");
    write(join(canonical, "sessions", "2026", "03", "02", "rollout-1.jsonl"), "{}\n");
    write(join(canonical, "plugins", "browser", "manifest.json"), '{"v":1}');
    write(join(canonical, "config.toml"), [
      'model = "gpt-5"',
      `notify = ["${canonical}/notify.sh"]`,
      "",
      `[hooks.state."${hooks}:stop:0:0"]`,
      'trusted_hash = "sha256:aaa"',
      "",
      '[hooks.state."/some/repo/.codex/hooks.json:stop:0:0"]',
      'trusted_hash = "sha256:repo"',
      "",
      `[projects."${canonical}-other"]`,
      'trust_level = "trusted"',
      "",
    ].join("\n"));
    write(join(home, "auth.json"), '{"tokens":{"access_token":"t","account_id":"a"}}');
    return { root, canonical, home, hooks };
  }

  it("copies config.toml once with canonical paths rebased, links shared state, keeps auth.json", () => {
    const f = fixture();
    const report = syncAccountHome("codex", account("work", f.home), { canonical: f.canonical, now: NOW });
    assert.deepEqual(report.linked.sort(), ["history.jsonl", "hooks.json", "sessions", "skills"]);
    const config = readFileSync(join(f.home, "config.toml"), "utf8");
    assert.match(config, new RegExp(`notify = \\["${f.home}/notify.sh"\\]`));
    assert.match(config, new RegExp(`\\[hooks\\.state\\."${f.home}/hooks\\.json:stop:0:0"\\]\\ntrusted_hash = "sha256:aaa"`));
    assert.ok(config.includes('[hooks.state."/some/repo/.codex/hooks.json:stop:0:0"]'), "other records copied as they were");
    assert.ok(config.includes(`[projects."${f.canonical}-other"]`), "a path that only starts like the home is not rebased");
    assert.equal(readFileSync(join(f.home, "auth.json"), "utf8"), '{"tokens":{"access_token":"t","account_id":"a"}}');
    assert.equal(readFileSync(join(f.home, "plugins", "browser", "manifest.json"), "utf8"), '{"v":1}');
    assert.ok(!lstatSync(join(f.home, "plugins")).isSymbolicLink(), "plugins are account-local");
  });

  it("an existing config is kept; the canonical hook trust is copied into it (hashes copied, never computed)", () => {
    const f = fixture();
    write(join(f.home, "config.toml"), 'model = "o3"\n');
    syncAccountHome("codex", account("work", f.home), { canonical: f.canonical, now: NOW });
    const config = readFileSync(join(f.home, "config.toml"), "utf8");
    assert.ok(config.startsWith('model = "o3"\n'));
    assert.match(config, /trusted_hash = "sha256:aaa"/);
    assert.equal(readFileSync(join(f.home, "config.toml.agentmux-backup-20260302-120000"), "utf8"), 'model = "o3"\n');
    // The canonical hook changed and was re-trusted there: the new hash follows on the next sync.
    writeFileSync(join(f.canonical, "config.toml"), readFileSync(join(f.canonical, "config.toml"), "utf8").replace("sha256:aaa", "sha256:bbb"));
    writeFileSync(join(f.canonical, "plugins", "browser", "manifest.json"), '{"v":2}');
    syncAccountHome("codex", account("work", f.home), { canonical: f.canonical, now: new Date(NOW.getTime() + 1000) });
    const updated = readFileSync(join(f.home, "config.toml"), "utf8");
    assert.match(updated, /trusted_hash = "sha256:bbb"/);
    assert.doesNotMatch(updated, /sha256:aaa/);
    assert.equal(readFileSync(join(f.home, "plugins", "browser", "manifest.json"), "utf8"), '{"v":1}', "plugins are copied once");
  });

  it("a config.toml that is a link becomes an independent copy (the link moved aside)", () => {
    const f = fixture();
    symlinkSync(join(f.canonical, "config.toml"), join(f.home, "config.toml"));
    const report = syncAccountHome("codex", account("work", f.home), { canonical: f.canonical, now: NOW });
    assert.ok(lstatSync(join(f.home, "config.toml")).isFile());
    assert.match(readFileSync(join(f.home, "config.toml"), "utf8"), new RegExp(`${f.home}/hooks\\.json`));
    assert.ok(report.backups.some((b) => b.endsWith("config.toml.agentmux-backup-20260302-120000")));
    assert.doesNotMatch(readFileSync(join(f.canonical, "config.toml"), "utf8"), new RegExp(f.home), "the canonical home is left unchanged");
  });

  it("a canonical config.toml that cannot be read aborts the sync with the reason", () => {
    const f = fixture();
    writeFileSync(join(f.canonical, "config.toml"), "[broken\n");
    write(join(f.home, "config.toml"), "");
    throwsLine(() => syncAccountHome("codex", account("work", f.home), { canonical: f.canonical, now: NOW }),
      /^codex account work: could not sync config\.toml in .*: line 1: .* \(fix it, then run agentmux account sync work; nothing is started under an account that does not sync\)$/);
  });
});

describe(".claude.json in account sync", () => {
  it("writes the account's file only when it lacks something, and leaves a file that does not parse alone", () => {
    const d = dir();
    const canonical = join(d, ".claude");
    const home = join(d, ".claude-work");
    mkdirSync(canonical);
    mkdirSync(home);
    writeFileSync(join(d, ".claude.json"), JSON.stringify({ hasCompletedOnboarding: true, projects: { "/w": { hasTrustDialogAccepted: true } } }));
    writeFileSync(join(home, ".credentials.json"), "{}");
    const report = syncAccountHome("claude", { name: "work", home, pool: undefined, properties: {} }, { canonical });
    assert.deepEqual(report.notes, [`.claude.json: took hasCompletedOnboarding, 1 trusted project from ${join(d, ".claude.json")}`]);
    assert.deepEqual(JSON.parse(readFileSync(join(home, ".claude.json"), "utf8")), { hasCompletedOnboarding: true, projects: { "/w": { hasTrustDialogAccepted: true } } });
    const mtime = statSync(join(home, ".claude.json")).mtimeMs;
    assert.deepEqual(syncClaudeJson(canonical, home), [], "nothing new: nothing written");
    assert.equal(statSync(join(home, ".claude.json")).mtimeMs, mtime);
    writeFileSync(join(home, ".claude.json"), '{"torn":');
    const warnings: string[] = [];
    assert.match(syncClaudeJson(canonical, home, { sleep: () => undefined, warn: (t) => warnings.push(t) })[0] ?? "", /does not parse; left as it is/);
    assert.equal(readFileSync(join(home, ".claude.json"), "utf8"), '{"torn":');
    assert.equal(warnings.length, 1);
    assert.equal(snapshots(home).length, 1);
  });

  it("a canonical home used as CLAUDE_CONFIG_DIR keeps its .claude.json inside", () => {
    const d = dir();
    const canonical = join(d, ".claude");
    const home = join(d, "acct");
    mkdirSync(canonical);
    mkdirSync(home);
    writeFileSync(join(canonical, ".claude.json"), '{"theme":"dark"}');
    writeFileSync(join(d, ".claude.json"), '{"theme":"light"}');
    syncClaudeJson(canonical, home);
    assert.deepEqual(JSON.parse(readFileSync(join(home, ".claude.json"), "utf8")), { theme: "dark" });
  });
});
