import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backupFile, BACKUP_TAG, compactTimestamp, keepSibling, moveAside } from "../../../src/util/backup.ts";

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), "agentmux backup #1 ")); });
afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

// Local time, as the names use it.
const NOW = new Date(2026, 0, 5, 7, 8, 9);

describe("compactTimestamp", () => {
  it("is local YYYYMMDD-HHMMSS, zero-padded", () => {
    assert.equal(compactTimestamp(NOW), "20260105-070809");
    assert.equal(compactTimestamp(new Date(2026, 11, 31, 23, 59, 59)), "20261231-235959");
  });
});

describe("backupFile", () => {
  it("copies the file beside itself under the tag and the time, the original untouched", () => {
    const file = join(dir, "settings #1.json");
    writeFileSync(file, "{\"a\": \"ünï\"}");
    const copy = backupFile(file, "agentmux-backup", NOW);
    assert.equal(copy, `${file}.agentmux-backup-20260105-070809`);
    assert.equal(readFileSync(copy, "utf8"), "{\"a\": \"ünï\"}");
    assert.equal(readFileSync(file, "utf8"), "{\"a\": \"ünï\"}");
  });

  it("a second backup within the same second gets -2, then -3, never overwriting one", () => {
    const file = join(dir, "config.toml");
    writeFileSync(file, "one");
    const first = backupFile(file, "pre-agentmux", NOW);
    writeFileSync(file, "two");
    const second = backupFile(file, "pre-agentmux", NOW);
    writeFileSync(file, "three");
    const third = backupFile(file, "pre-agentmux", NOW);
    assert.deepEqual([first, second, third].map((p) => p.slice(file.length)), [".pre-agentmux-20260105-070809", ".pre-agentmux-20260105-070809-2", ".pre-agentmux-20260105-070809-3"]);
    assert.deepEqual([first, second, third].map((p) => readFileSync(p, "utf8")), ["one", "two", "three"]);
  });

  it("a missing file is an error, not an empty backup", () => {
    assert.throws(() => backupFile(join(dir, "missing.json"), "t", NOW), { code: "ENOENT" });
    assert.deepEqual(readdirSync(dir), []);
  });
});

describe("moveAside", () => {
  it("renames a file under agentmux-backup by default, keeping every byte", () => {
    const file = join(dir, "hooks.json");
    writeFileSync(file, "keep");
    const moved = moveAside(file, NOW);
    assert.equal(moved, `${file}.${BACKUP_TAG}-20260105-070809`);
    assert.equal(existsSync(file), false);
    assert.equal(readFileSync(moved, "utf8"), "keep");
  });

  it("moves a directory or a dangling link as it is", () => {
    const sub = join(dir, "claude config");
    mkdirSync(sub);
    writeFileSync(join(sub, "x"), "x");
    assert.equal(readFileSync(join(moveAside(sub, NOW, "old"), "x"), "utf8"), "x");
    const link = join(dir, "link");
    symlinkSync(join(dir, "nowhere"), link);
    const moved = moveAside(link, NOW, "old");
    assert.ok(lstatSync(moved).isSymbolicLink());
    assert.equal(readlinkSync(moved), join(dir, "nowhere"));
  });

  it("does not rename over a name that is taken, even by a dangling link", () => {
    const file = join(dir, "f");
    writeFileSync(file, "new");
    symlinkSync(join(dir, "nowhere"), `${file}.old-20260105-070809`);
    assert.equal(moveAside(file, NOW, "old"), `${file}.old-20260105-070809-2`);
    assert.equal(readlinkSync(`${file}.old-20260105-070809`), join(dir, "nowhere"));
  });
});

describe("keepSibling", () => {
  it("passes on an error other than EEXIST", () => {
    const failure = Object.assign(new Error("no space left"), { code: "ENOSPC" });
    assert.throws(() => keepSibling("/x/f", "t", NOW, () => { throw failure; }), failure);
  });
});
