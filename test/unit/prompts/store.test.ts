import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { AgentmuxError } from "../../../src/util/errors.ts";
import { setStateFileReporting } from "../../../src/util/state-file.ts";
import { allCaptures, captureDir, carryCaptures, captureFile, captureKey, entryId, loadCapture, pendingCount, pendingEntries, readCapture, updateCapture } from "../../../src/prompts/store.ts";

const root = mkdtempSync(join(tmpdir(), "agentmux-prompts-store-"));
after(() => rmSync(root, { recursive: true, force: true }));
const warnings: string[] = [];
setStateFileReporting({ warn: (line) => warnings.push(line) });

const key = { backend: "claude", account: "work", dir: "/src/my app #1 %2 'q' ü", instance: "two words" };
const entry = (body: string) => ({ time: "2026-12-01 20:30", title: body.split("\n")[0] ?? "", body });

describe("the capture files", () => {
  it("are keyed by backend, account, directory and instance, never by the pane", () => {
    const session = { ...key, pane: "%12", id: "abc", name: "app" };
    assert.deepEqual(captureKey(session), key);
    const moved: typeof session = { ...session, pane: "%99" };
    assert.equal(captureFile(captureKey(moved), root), captureFile(key, root));
    const others = [{ ...key, backend: "codex" }, { ...key, account: "" }, { ...key, dir: "/src/other" }, { ...key, instance: "" }];
    const files = new Set([key, ...others].map((k) => captureFile(k, root)));
    assert.equal(files.size, 5);
  });

  it("are named safely inside the prompts directory, whatever the names hold", () => {
    for (const k of [key, { ...key, dir: "/../../etc", instance: "../x/y" }, { ...key, account: "", instance: "" }]) {
      const file = captureFile(k, root);
      assert.equal(dirname(file), captureDir(root));
      assert.match(basename(file), /^[A-Za-z0-9][A-Za-z0-9._-]*-[0-9a-f]{12}\.md$/);
    }
    assert.match(basename(captureFile({ ...key, account: "" }, root)), /^claude-default-my_app_1_2_q_-two_words-/);
  });

  it("start empty, append under a lock, and are written whole (no temp or lock left behind)", () => {
    assert.deepEqual(loadCapture(key, root).entries, []);
    updateCapture(key, (entries) => ({ entries: [...entries, entry("first")], result: null }), { stateDir: root });
    updateCapture(key, (entries) => ({ entries: [...entries, entry(""), entry("second\n## with a heading")], result: null }), { stateDir: root });
    const file = loadCapture(key, root);
    assert.deepEqual(file.key, key);
    assert.deepEqual(pendingEntries(file).map((e) => e.body), ["first", "second\n## with a heading"]);
    assert.equal(pendingCount(key, root), 2, "the empty entry is not pending");
    assert.deepEqual(readdirSync(captureDir(root)), [basename(captureFile(key, root))]);
  });

  it("give each entry a short id that stays while others go", () => {
    const [a, b] = pendingEntries(loadCapture(key, root));
    assert.match(entryId(a!), /^[0-9a-f]{8}$/);
    assert.notEqual(entryId(a!), entryId(b!));
    updateCapture(key, (entries) => ({ entries: entries.filter((e) => e.body !== "first"), result: null }), { stateDir: root });
    assert.equal(entryId(pendingEntries(loadCapture(key, root))[0]!), entryId(b!));
  });

  it("keep a file agentmux did not write aside and report it, never reading it as empty", () => {
    const k = { ...key, instance: "broken" };
    const path = captureFile(k, root);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, "## my prompt\nnot agentmux's\n");
    assert.throws(() => pendingCount(k, root), (error: unknown) => error instanceof AgentmuxError && /is corrupt .*kept it as .*agentmux-corrupt-/.test(error.message));
    const kept = readdirSync(dirname(path)).find((n) => n.startsWith(basename(path)) && n.includes("agentmux-corrupt-"));
    assert.ok(kept, "kept aside");
    assert.equal(readFileSync(join(dirname(path), kept), "utf8"), "## my prompt\nnot agentmux's\n", "every byte kept");
  });

  it("a capture into a corrupt file keeps the old one aside, warns, and starts afresh with the new entry", () => {
    const k = { ...key, instance: "broken again" };
    const path = captureFile(k, root);
    writeFileSync(path, Buffer.from([0xff, 0xfe, 0x00]));
    warnings.length = 0;
    updateCapture(k, (entries) => ({ entries: [...entries, entry("kept")], result: null }), { stateDir: root, startFresh: true });
    assert.match(warnings.join("\n"), /is corrupt \(it is not valid UTF-8\)/);
    assert.deepEqual(pendingEntries(loadCapture(k, root)).map((e) => e.body), ["kept"]);
    writeFileSync(path, "garbage");
    assert.throws(() => updateCapture(k, (entries) => ({ entries, result: null }), { stateDir: root }), /is corrupt/);
  });

  it("a missing file is empty only when its key is known", () => {
    assert.deepEqual(readCapture(join(root, "none.md"), key), { kind: "ok", file: { key, entries: [] } });
    assert.deepEqual(readCapture(join(root, "none.md"), null), { kind: "missing" });
  });

  it("carry a key's entries to another key (restart under another account), leaving no old file", () => {
    const from = { ...key, instance: "carry" };
    const to = { ...from, account: "other" };
    updateCapture(from, (e) => ({ entries: [...e, entry("go along"), entry("")], result: null }), { stateDir: root });
    updateCapture(to, (e) => ({ entries: [...e, entry("already there")], result: null }), { stateDir: root });
    assert.equal(carryCaptures(from, to, root), 1);
    assert.deepEqual(pendingEntries(loadCapture(to, root)).map((e) => e.body), ["already there", "go along"]);
    assert.equal(readCapture(captureFile(from, root), null).kind, "missing", "the old file is gone");
    assert.equal(carryCaptures(to, to, root), 0, "the same key moves nothing");
    assert.equal(carryCaptures({ ...from, instance: "none" }, to, root), 0, "nothing to carry");
  });

  it("list every session's file (list --all)", () => {
    const all = allCaptures(root);
    assert.ok(all.some((c) => c.file.key.instance === "two words"));
    assert.ok(all.every((c) => c.path.endsWith(".md")));
  });
});
