import { afterEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { linkShared } from "../../../src/accounts/home-links.ts";

const NOW = new Date(2026, 2, 2, 12, 0, 0);
const BACKUP = "agentmux-backup-20260302-120000";
const file = (name: string) => ({ name, kind: "file" as const });
const dir = (name: string) => ({ name, kind: "dir" as const });

describe("linkShared", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  function setup() {
    root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-links-")));
    const canonical = join(root, ".claude");
    const home = join(root, "claude «work» #2");
    mkdirSync(canonical);
    mkdirSync(home);
    return { canonical, home };
  }

  it("links an item the account does not have yet", () => {
    const t = setup();
    writeFileSync(join(t.canonical, "settings.json"), "{}");
    assert.deepEqual(linkShared(file("settings.json"), t.canonical, t.home, NOW), { kind: "linked", backup: undefined });
    assert.equal(readlinkSync(join(t.home, "settings.json")), join(t.canonical, "settings.json"));
  });

  it("an account's own file is moved aside, every byte kept, before the link takes its place", () => {
    const t = setup();
    writeFileSync(join(t.canonical, "settings.json"), '{"theme":"dark"}');
    writeFileSync(join(t.home, "settings.json"), '{"theme":"light","mine":"é"}');
    const outcome = linkShared(file("settings.json"), t.canonical, t.home, NOW);
    const backup = join(t.home, `settings.json.${BACKUP}`);
    assert.deepEqual(outcome, { kind: "linked", backup });
    assert.equal(readFileSync(backup, "utf8"), '{"theme":"light","mine":"é"}');
    assert.equal(readFileSync(join(t.home, "settings.json"), "utf8"), '{"theme":"dark"}');
  });

  it("an account's own directory is moved aside whole", () => {
    const t = setup();
    mkdirSync(join(t.canonical, "skills"));
    mkdirSync(join(t.home, "skills", "local"), { recursive: true });
    writeFileSync(join(t.home, "skills", "local", "SKILL.md"), "# local\n");
    const outcome = linkShared(dir("skills"), t.canonical, t.home, NOW);
    assert.equal(outcome.kind, "linked");
    assert.equal(readFileSync(join(t.home, `skills.${BACKUP}`, "local", "SKILL.md"), "utf8"), "# local\n");
    assert.ok(lstatSync(join(t.home, "skills")).isSymbolicLink());
  });

  it("a link elsewhere is moved aside and its target left alone", () => {
    const t = setup();
    writeFileSync(join(t.canonical, "CLAUDE.md"), "canonical");
    const other = join(root, "other.md");
    writeFileSync(other, "other");
    symlinkSync(other, join(t.home, "CLAUDE.md"));
    const outcome = linkShared(file("CLAUDE.md"), t.canonical, t.home, NOW);
    assert.equal(outcome.kind, "linked");
    assert.equal(readlinkSync(join(t.home, `CLAUDE.md.${BACKUP}`)), other);
    assert.equal(readFileSync(other, "utf8"), "other");
  });

  it("a second backup in the same second gets its own name; the first is never overwritten", () => {
    const t = setup();
    writeFileSync(join(t.canonical, "history.jsonl"), "canonical\n");
    writeFileSync(join(t.home, "history.jsonl"), "first\n");
    linkShared(file("history.jsonl"), t.canonical, t.home, NOW);
    rmSync(join(t.home, "history.jsonl"));
    writeFileSync(join(t.home, "history.jsonl"), "second\n");
    const outcome = linkShared(file("history.jsonl"), t.canonical, t.home, NOW);
    assert.deepEqual(outcome, { kind: "linked", backup: join(t.home, `history.jsonl.${BACKUP}-2`) });
    assert.equal(readFileSync(join(t.home, `history.jsonl.${BACKUP}`), "utf8"), "first\n");
    assert.equal(readFileSync(join(t.home, `history.jsonl.${BACKUP}-2`), "utf8"), "second\n");
  });

  it("a link already in place is left as it is, through either spelling of the canonical home", () => {
    const t = setup();
    writeFileSync(join(t.canonical, "settings.json"), "{}");
    const alias = join(root, "alias");
    symlinkSync(t.canonical, alias);
    symlinkSync(join(alias, "settings.json"), join(t.home, "settings.json"));
    assert.deepEqual(linkShared(file("settings.json"), t.canonical, t.home, NOW), { kind: "already" });
    assert.equal(readlinkSync(join(t.home, "settings.json")), join(alias, "settings.json"));
    assert.deepEqual(readdirSync(t.home), ["settings.json"]);
  });

  it("where the canonical home has no such item, the account's own one is kept", () => {
    const t = setup();
    writeFileSync(join(t.home, "CLAUDE.md"), "mine");
    assert.deepEqual(linkShared(file("CLAUDE.md"), t.canonical, t.home, NOW), { kind: "kept-local" });
    assert.equal(readFileSync(join(t.home, "CLAUDE.md"), "utf8"), "mine");
    assert.equal(existsSync(join(t.canonical, "CLAUDE.md")), false);
  });

  it("a file neither has is left for the CLI to write", () => {
    const t = setup();
    assert.deepEqual(linkShared(file("history.jsonl"), t.canonical, t.home, NOW), { kind: "nothing" });
    assert.deepEqual(readdirSync(t.home), []);
    assert.deepEqual(readdirSync(t.canonical), []);
  });

  it("a directory neither has is created in the canonical home and shared from the start", () => {
    const t = setup();
    assert.deepEqual(linkShared(dir("projects"), t.canonical, t.home, NOW), { kind: "linked", backup: undefined });
    assert.ok(lstatSync(join(t.canonical, "projects")).isDirectory());
    assert.equal(lstatSync(join(t.canonical, "projects")).mode & 0o777, 0o700);
    assert.equal(readlinkSync(join(t.home, "projects")), join(t.canonical, "projects"));
  });

  it("a dangling link where the canonical home has no directory: the directory is created, the link kept aside", () => {
    const t = setup();
    symlinkSync(join(root, "gone"), join(t.home, "todos"));
    const outcome = linkShared(dir("todos"), t.canonical, t.home, NOW);
    assert.deepEqual(outcome, { kind: "linked", backup: join(t.home, `todos.${BACKUP}`) });
    assert.equal(readlinkSync(join(t.home, `todos.${BACKUP}`)), join(root, "gone"));
    assert.ok(lstatSync(join(t.canonical, "todos")).isDirectory());
  });
});
