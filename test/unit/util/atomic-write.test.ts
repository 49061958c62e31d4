import { afterEach, beforeEach, describe, it, mock } from "node:test";
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import assert from "node:assert/strict";
import { closeSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyDirAtomic, linkAtomic, writeFileAtomic } from "../../../src/util/atomic-write.ts";

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), "agentmux atomic #1 ")); });
afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

const umasked = (mode: number) => mode & ~process.umask();

describe("writeFileAtomic", () => {
  it("flushes the file and its directory to disk, unless durable is false (a file rebuilt from live state); whole either way", () => {
    const fsync = mock.method(fs, "fsyncSync");
    syncBuiltinESMExports();
    try {
      writeFileAtomic(join(dir, "kept"), "one\n");
      const flushed = fsync.mock.callCount();
      assert.ok(flushed >= 2, "the file and its directory");
      writeFileAtomic(join(dir, "mirror"), "working -\n", 0o600, { durable: false });
      assert.equal(fsync.mock.callCount(), flushed);
      assert.equal(readFileSync(join(dir, "mirror"), "utf8"), "working -\n");
      assert.equal(statSync(join(dir, "mirror")).mode & 0o777, umasked(0o600));
      assert.deepEqual(readdirSync(dir).sort(), ["kept", "mirror"]);
    } finally {
      fsync.mock.restore();
      syncBuiltinESMExports();
    }
  });

  it("writes the text, creating the directories it needs", () => {
    const file = join(dir, "state dir", "ünï", "sessions #%.json");
    writeFileAtomic(file, "{\"name\": \"my \\\"agent\\\" 100%\"}\n");
    assert.equal(readFileSync(file, "utf8"), "{\"name\": \"my \\\"agent\\\" 100%\"}\n");
  });

  it("writes bytes as they are", () => {
    const file = join(dir, "blob");
    writeFileAtomic(file, new Uint8Array([0, 255, 10, 13]));
    assert.deepEqual([...readFileSync(file)], [0, 255, 10, 13]);
  });

  it("replaces the file by a rename: a reader of the old file still reads all of the old one", () => {
    const file = join(dir, "config.yml");
    writeFileSync(file, "old content, complete\n");
    const fd = openSync(file, "r");
    try {
      const before = statSync(file).ino;
      writeFileAtomic(file, "new content\n");
      assert.notEqual(statSync(file).ino, before);
      const buffer = Buffer.alloc(64);
      assert.equal(buffer.toString("utf8", 0, readSync(fd, buffer, 0, 64, 0)), "old content, complete\n");
    } finally {
      closeSync(fd);
    }
    assert.equal(readFileSync(file, "utf8"), "new content\n");
  });

  it("leaves no temporary file behind", () => {
    writeFileAtomic(join(dir, "a.json"), "1");
    writeFileAtomic(join(dir, "a.json"), "2");
    assert.deepEqual(readdirSync(dir), ["a.json"]);
  });

  it("gives the new file the mode asked for (0644 by default), whatever the old file's was", () => {
    const secret = join(dir, "token");
    writeFileAtomic(secret, "s3cret", 0o600);
    assert.equal(statSync(secret).mode & 0o777, umasked(0o600));
    const plain = join(dir, "plain");
    writeFileSync(plain, "x", { mode: 0o600 });
    writeFileAtomic(plain, "y");
    assert.equal(statSync(plain).mode & 0o777, umasked(0o644));
  });

  it("when the rename fails the error is thrown, the temporary file removed and what was there untouched", () => {
    const target = join(dir, "taken");
    mkdirSync(target);
    writeFileSync(join(target, "inside"), "keep me");
    // Said as agentmux reports a failed write: which file, the system's words, its cause kept.
    assert.throws(() => writeFileAtomic(target, "new"), (error: Error) => error.message.startsWith(`cannot write ${target}: `) && ["EISDIR", "ENOTEMPTY", "EEXIST"].includes((error.cause as NodeJS.ErrnoException).code ?? ""));
    assert.deepEqual(readdirSync(dir), ["taken"]);
    assert.equal(readFileSync(join(target, "inside"), "utf8"), "keep me");
  });
});

describe("writeFileAtomic through a symlink", () => {
  it("writes the file a link points at and keeps the link (a relative link, a chain of two)", () => {
    mkdirSync(join(dir, "dotfiles"));
    writeFileSync(join(dir, "dotfiles", "todo.md"), "old\n", { mode: 0o640 });
    symlinkSync(join("dotfiles", "todo.md"), join(dir, "first"));
    symlinkSync(join(dir, "first"), join(dir, "todo.md"));
    writeFileAtomic(join(dir, "todo.md"), "new\n", 0o640);
    assert.ok(lstatSync(join(dir, "todo.md")).isSymbolicLink());
    assert.ok(lstatSync(join(dir, "first")).isSymbolicLink());
    assert.equal(readlinkSync(join(dir, "first")), join("dotfiles", "todo.md"));
    assert.equal(readFileSync(join(dir, "dotfiles", "todo.md"), "utf8"), "new\n");
    assert.equal(statSync(join(dir, "dotfiles", "todo.md")).mode & 0o777, umasked(0o640));
    assert.deepEqual(readdirSync(join(dir, "dotfiles")), ["todo.md"], "the temporary file was made beside the target");
  });

  it("creates the missing target of a dangling link, and the link stays", () => {
    symlinkSync(join(dir, "real", "state.json"), join(dir, "state.json"));
    writeFileAtomic(join(dir, "state.json"), "{}\n");
    assert.ok(lstatSync(join(dir, "state.json")).isSymbolicLink());
    assert.equal(readFileSync(join(dir, "real", "state.json"), "utf8"), "{}\n");
  });

  it("with replaceLink, the link is replaced by the file and its target left alone (a directory agentmux owns)", () => {
    writeFileSync(join(dir, "users.json"), "theirs\n");
    symlinkSync(join(dir, "users.json"), join(dir, "mirror.json"));
    writeFileAtomic(join(dir, "mirror.json"), "ours\n", 0o600, { replaceLink: true });
    assert.equal(lstatSync(join(dir, "mirror.json")).isSymbolicLink(), false);
    assert.equal(readFileSync(join(dir, "mirror.json"), "utf8"), "ours\n");
    assert.equal(readFileSync(join(dir, "users.json"), "utf8"), "theirs\n");
  });

  it("refuses a loop of links", () => {
    symlinkSync(join(dir, "b"), join(dir, "a"));
    symlinkSync(join(dir, "a"), join(dir, "b"));
    assert.throws(() => writeFileAtomic(join(dir, "a"), "x"), /too many levels of symbolic links/);
    assert.ok(lstatSync(join(dir, "a")).isSymbolicLink());
  });
});

describe("linkAtomic", () => {
  it("points a new or an existing name at the target, leaving only the link", () => {
    const link = join(dir, "current");
    linkAtomic("/opt/agentmux v1", link);
    assert.equal(readlinkSync(link), "/opt/agentmux v1");
    linkAtomic("/opt/agentmux v2 #%", link);
    assert.equal(readlinkSync(link), "/opt/agentmux v2 #%");
    assert.deepEqual(readdirSync(dir), ["current"]);
  });

  it("replaces a plain file with the link", () => {
    const link = join(dir, "settings.json");
    writeFileSync(link, "{}");
    linkAtomic(join(dir, "elsewhere.json"), link);
    assert.ok(lstatSync(link).isSymbolicLink());
  });

  it("when the rename fails the temporary link is removed", () => {
    const target = join(dir, "a dir");
    mkdirSync(target);
    writeFileSync(join(target, "x"), "");
    assert.throws(() => linkAtomic("/somewhere", target));
    assert.deepEqual(readdirSync(dir), ["a dir"]);
  });
});

describe("copyDirAtomic", () => {
  it("copies a tree into place, following the links inside it", () => {
    const from = join(dir, "from");
    mkdirSync(join(from, "sub dir"), { recursive: true });
    writeFileSync(join(dir, "real.txt"), "linked content");
    writeFileSync(join(from, "sub dir", "a #1.txt"), "a");
    symlinkSync(join(dir, "real.txt"), join(from, "link.txt"));
    copyDirAtomic(from, join(dir, "to"));
    assert.equal(readFileSync(join(dir, "to", "sub dir", "a #1.txt"), "utf8"), "a");
    assert.equal(lstatSync(join(dir, "to", "link.txt")).isSymbolicLink(), false);
    assert.equal(readFileSync(join(dir, "to", "link.txt"), "utf8"), "linked content");
    assert.deepEqual(readdirSync(dir).sort(), ["from", "real.txt", "to"]);
  });

  it("does not overwrite a directory that holds files: it throws and leaves no partial copy", () => {
    const from = join(dir, "from");
    const to = join(dir, "to");
    mkdirSync(from);
    writeFileSync(join(from, "new"), "new");
    mkdirSync(to);
    writeFileSync(join(to, "old"), "old");
    assert.throws(() => copyDirAtomic(from, to));
    assert.deepEqual(readdirSync(to), ["old"]);
    assert.deepEqual(readdirSync(dir).sort(), ["from", "to"]);
  });
});
