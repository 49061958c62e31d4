import { afterEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { accountTrustRecords, rebasePaths, syncCodexHome } from "../../../../src/backends/codex/home-sync.ts";
import { throwsLine } from "../../../helpers/assert-error.ts";

const NOW = new Date(2026, 2, 2, 12, 0, 0);
const BACKUP = "agentmux-backup-20260302-120000";

describe("rebasePaths", () => {
  it("moves every path under the canonical home under the account home", () => {
    const text = 'notify = ["/h/.codex/notify.sh"]\nlog = \'/h/.codex\'\ndir = "/h/.codex"\nplain = /h/.codex\n';
    assert.equal(rebasePaths(text, ["/h/.codex"], "/h/work"), 'notify = ["/h/work/notify.sh"]\nlog = \'/h/work\'\ndir = "/h/work"\nplain = /h/work\n');
  });
  it("leaves a path that only begins like the canonical home", () => {
    const text = '[projects."/h/.codex-other"]\nx = "/h/.codexes/a"\n';
    assert.equal(rebasePaths(text, ["/h/.codex"], "/h/work"), text);
  });
  it("rebases the longer spelling first, so a link's target and the link both move", () => {
    const text = 'a = "/real/dotfiles/.codex/a"\nb = "/h/.codex/b"\n';
    assert.equal(rebasePaths(text, ["/h/.codex", "/real/dotfiles/.codex", "/h/.codex"], "/w"), 'a = "/w/a"\nb = "/w/b"\n');
  });
  it("a home whose name has regex characters, spaces and unicode is matched literally", () => {
    const canonical = "/Users/J. Doe (é)+[1]/.codex";
    assert.equal(rebasePaths(`p = "${canonical}/x"\nq = "/Users/J! Doe (é)+[1]/.codex/x"\n`, [canonical], "/acct $1"),
      'p = "/acct $1/x"\nq = "/Users/J! Doe (é)+[1]/.codex/x"\n');
  });
  it("an account home with $ in its name is written literally", () => {
    assert.equal(rebasePaths('p = "/h/.codex/x"\n', ["/h/.codex"], "/acct $& $$"), 'p = "/acct $& $$/x"\n');
  });
});

describe("accountTrustRecords", () => {
  const canonicalText = [
    'model = "o3"',
    '[hooks.state."/h/.codex/hooks.json:stop:0:0"]',
    'trusted_hash = "sha256:aaa"',
    'enabled = true',
    "[hooks.state.'/real/.codex/hooks.json:pre_tool_use:1:0']",
    "trusted_hash = 'sha256:bbb'",
    '[hooks.state."/repo/.codex/hooks.json:stop:0:0"]',
    'trusted_hash = "sha256:repo"',
    '[hooks.state."/h/.codex/hooks.json:session_start:0:0"]',
    'trusted_hash = 7',
    "",
  ].join("\n");
  it("re-keys the canonical hooks.json's records for the account's, copying each hash as it is", () => {
    assert.deepEqual(accountTrustRecords(canonicalText, ["/h/.codex/hooks.json", "/real/.codex/hooks.json"], "/w/hooks.json"), [
      { key: "/w/hooks.json:stop:0:0", hash: "sha256:aaa" },
      { key: "/w/hooks.json:pre_tool_use:1:0", hash: "sha256:bbb" },
    ]);
  });
  it("a config without hook trust gives none", () => {
    assert.deepEqual(accountTrustRecords('model = "o3"\n', ["/h/.codex/hooks.json"], "/w/hooks.json"), []);
  });
});

describe("syncCodexHome", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function setup() {
    root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-codex-sync-")));
    const canonical = join(root, ".codex");
    const home = join(root, "codex work #1");
    mkdirSync(canonical);
    mkdirSync(home);
    const canonicalConfig = [
      'model = "gpt-5"',
      `notify = ["${canonical}/notify.sh"]`,
      "",
      `[hooks.state."${canonical}/hooks.json:stop:0:0"]`,
      'trusted_hash = "sha256:aaa"',
      "",
    ].join("\n");
    writeFileSync(join(canonical, "config.toml"), canonicalConfig);
    return { canonical, home, canonicalConfig, config: join(home, "config.toml") };
  }
  const write = (path: string, text: string) => { mkdirSync(dirname(path), { recursive: true }); writeFileSync(path, text); };

  it("a new account gets a private copy of the canonical config, its paths rebased, without a backup", () => {
    const t = setup();
    const result = syncCodexHome(t.canonical, t.home, NOW);
    const text = readFileSync(t.config, "utf8");
    assert.equal(text, t.canonicalConfig.replaceAll(t.canonical, t.home));
    assert.equal(statSync(t.config).mode & 0o777, 0o600, "it may hold tokens: private");
    assert.deepEqual(result, { notes: ["config.toml: copied from the canonical home"], backups: [] });
  });

  it("a second sync changes nothing and makes no backup", () => {
    const t = setup();
    syncCodexHome(t.canonical, t.home, NOW);
    const before = readFileSync(t.config, "utf8");
    assert.deepEqual(syncCodexHome(t.canonical, t.home, new Date(NOW.getTime() + 1000)), { notes: [], backups: [] });
    assert.equal(readFileSync(t.config, "utf8"), before);
    assert.deepEqual(readdirSync(t.home).sort(), ["config.toml"]);
  });

  it("the user's own config keeps every line and its mode; it is backed up before the trust is added", () => {
    const t = setup();
    const mine = '# mine: "quoted" #tag\nmodel = "o3"\n';
    writeFileSync(t.config, mine);
    chmodSync(t.config, 0o640);
    const result = syncCodexHome(t.canonical, t.home, NOW);
    const text = readFileSync(t.config, "utf8");
    assert.ok(text.startsWith(mine));
    assert.ok(text.includes(`[hooks.state."${t.home}/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:aaa"\n`));
    assert.equal(statSync(t.config).mode & 0o777, 0o640);
    assert.deepEqual(result.backups, [`${t.config}.${BACKUP}`]);
    assert.equal(readFileSync(`${t.config}.${BACKUP}`, "utf8"), mine);
    assert.deepEqual(result.notes, ["config.toml: hook trust copied for 1 shared hook"]);
  });

  it("an account config that is not TOML is refused by name and left untouched", () => {
    const t = setup();
    writeFileSync(t.config, "[broken\nmodel = 1\n");
    throwsLine(() => syncCodexHome(t.canonical, t.home, NOW), /config\.toml.*not TOML agentmux can read/);
    assert.equal(readFileSync(t.config, "utf8"), "[broken\nmodel = 1\n");
    assert.deepEqual(readdirSync(t.home), ["config.toml"], "no backup, no temporary file left");
  });

  it("a config.toml linked to another file becomes a copy of that file; the link is kept aside, its target untouched", () => {
    const t = setup();
    const elsewhere = join(root, "dotfiles", "codex.toml");
    write(elsewhere, `model = "o4"\nlog = "${t.canonical}/log"\n`);
    symlinkSync(elsewhere, t.config);
    const result = syncCodexHome(t.canonical, t.home, NOW);
    assert.ok(lstatSync(t.config).isFile());
    assert.ok(readFileSync(t.config, "utf8").startsWith(`model = "o4"\nlog = "${t.home}/log"\n`));
    assert.equal(readlinkSync(`${t.config}.${BACKUP}`), elsewhere);
    assert.deepEqual(result.backups, [`${t.config}.${BACKUP}`]);
    assert.equal(readFileSync(elsewhere, "utf8"), `model = "o4"\nlog = "${t.canonical}/log"\n`);
    assert.equal(result.notes[0], "config.toml: the link replaced by an independent copy");
  });

  it("a canonical home reached through a link: both spellings of its paths are rebased", () => {
    const t = setup();
    const link = join(root, "link-to-codex");
    symlinkSync(t.canonical, link);
    writeFileSync(join(t.canonical, "config.toml"), `a = "${link}/x"\nb = "${t.canonical}/y"\n`);
    syncCodexHome(link, t.home, NOW);
    assert.equal(readFileSync(t.config, "utf8"), `a = "${t.home}/x"\nb = "${t.home}/y"\n`);
  });

  it("plugins are copied once into the account, never linked; a plugins link is moved aside first", () => {
    const t = setup();
    write(join(t.canonical, "plugins", "browser", "manifest.json"), '{"v":1}');
    symlinkSync(join(t.canonical, "plugins"), join(t.home, "plugins"));
    const result = syncCodexHome(t.canonical, t.home, NOW);
    assert.ok(lstatSync(join(t.home, "plugins")).isDirectory());
    assert.equal(readFileSync(join(t.home, "plugins", "browser", "manifest.json"), "utf8"), '{"v":1}');
    assert.ok(result.backups.includes(join(t.home, `plugins.${BACKUP}`)));
    assert.ok(result.notes.includes("plugins: copied from the canonical home"));
    writeFileSync(join(t.home, "plugins", "browser", "manifest.json"), '{"v":"mine"}');
    syncCodexHome(t.canonical, t.home, NOW);
    assert.equal(readFileSync(join(t.home, "plugins", "browser", "manifest.json"), "utf8"), '{"v":"mine"}', "the account's own plugins are kept");
  });

  it("without a canonical home nothing is written", () => {
    const t = setup();
    rmSync(t.canonical, { recursive: true });
    assert.deepEqual(syncCodexHome(t.canonical, t.home, NOW), { notes: [], backups: [] });
    assert.equal(existsSync(t.config), false);
  });
});
