import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { decodeWords, formatSender, isMaildirPath, maildir, parseHeaders } from "../../../src/route/maildir.ts";
import type { ExtractEnv, RouteContext } from "../../../src/route/context.ts";
import { makeFifo } from "../../helpers/fifo.ts";

const FIXTURES = resolve(import.meta.dirname, "..", "..", "fixtures", "route");
const env = { env: process.env } as unknown as ExtractEnv;
const thing = (text: string) => ({ text, source: "the argument", cwd: FIXTURES });

describe("maildir messages", () => {
  it("is a file in a cur or new folder", () => {
    assert.ok(isMaildirPath("~/Mail/INBOX/cur/1764583200.M1P2.host,U=7:2,S"));
    assert.ok(isMaildirPath("Mail/INBOX/new/x"));
    assert.ok(!isMaildirPath("Mail/INBOX/tmp/x"));
    assert.ok(!isMaildirPath("notes.md:3"));
    assert.ok(!isMaildirPath("a/cur/x\nb/cur/y"));
  });
  it("reads the sender as Name <address>, or the bare address", () => {
    assert.equal(formatSender('"Ana Núñez" <ana@example.org>'), "Ana Núñez <ana@example.org>");
    assert.equal(formatSender("<ana@example.org>"), "ana@example.org");
    assert.equal(formatSender("bob@example.com"), "bob@example.com");
    assert.equal(formatSender("bob@example.com (Bob B)"), "Bob B <bob@example.com>");
    assert.equal(formatSender('"Doe, Jane" <j@x.org>, other@x.org'), "Doe, Jane <j@x.org>");
  });
  it("decodes encoded words and unfolds headers", () => {
    assert.equal(decodeWords("=?UTF-8?Q?caf=C3=A9_au_lait?="), "café au lait");
    const headers = parseHeaders("Subject: one\n two\nFrom: a@b\n\nSubject: body");
    assert.equal(headers.get("subject"), "one two");
  });
  it("ranks by subject and sender; the payload is the path, not submitted", async () => {
    const context = await maildir.extract(thing("Mail/INBOX/cur/1764583200.M1P2.host,U=7:2,S"), env) as RouteContext;
    assert.equal(context.text, "Build broken on “main” in api #42\nFrom: Ana Núñez <ana@example.org>");
    assert.equal(context.payload, join(FIXTURES, "Mail/INBOX/cur/1764583200.M1P2.host,U=7:2,S"));
    assert.equal(context.submit, false);
    assert.equal(((await maildir.extract(thing("Mail/INBOX/new/1764583300.M2P2.host"), env)) as RouteContext).text, "plain\nFrom: bob@example.com");
  });
  it("a mail path that is a FIFO or a link to /dev/zero is refused saying what it is", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-mail-"));
    mkdirSync(join(dir, "cur"));
    const stop = makeFifo(join(dir, "cur", "fifo"));
    try {
      symlinkSync("/dev/zero", join(dir, "cur", "zero"));
      await assert.rejects(maildir.extract({ text: join(dir, "cur", "fifo"), source: "the argument", cwd: "/" }, env), { message: `mail file ${join(dir, "cur", "fifo")} is a FIFO, not a regular file` });
      await assert.rejects(maildir.extract({ text: join(dir, "cur", "zero"), source: "the argument", cwd: "/" }, env), { message: `mail file ${join(dir, "cur", "zero")} is a character device, not a regular file` });
    } finally {
      stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("a missing file (renamed when its flags changed) and an unreadable one are errors naming the fix", async () => {
    await assert.rejects(maildir.extract(thing("Mail/INBOX/cur/1764583200.M1P2.host,U=7:2,RS"), env), /mail file .* does not exist/);
    await assert.rejects(maildir.extract(thing("Mail/INBOX/cur/1764583200.M1P2.host,U=7:2,RS"), env), (e: Error & { hint?: string }) => /renamed when their flags change/.test(e.hint ?? ""));
    if (process.getuid?.() === 0) return;
    const dir = mkdtempSync(join(tmpdir(), "agentmux-mail-"));
    try {
      const file = join(dir, "cur", "m");
      await import("node:fs").then((fs) => fs.mkdirSync(join(dir, "cur")));
      copyFileSync(join(FIXTURES, "Mail/INBOX/new/1764583300.M2P2.host"), file);
      chmodSync(file, 0o000);
      await assert.rejects(maildir.extract({ text: file, source: "the argument", cwd: "/" }, env), /cannot be read: EACCES/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
