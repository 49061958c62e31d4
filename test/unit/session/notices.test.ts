import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { latestUnseen, noticesFile, readNotices, writeNotices, KEEP_NOTICES, type Notice } from "../../../src/session/notices.ts";
import { setStateFileReporting } from "../../../src/util/state-file.ts";

const notice = (pane: string, at: number, extra: Partial<Notice> = {}): Notice => ({ pane, tokenHash: `t${pane}`, name: `web:${pane}`, backend: "claude", state: "waiting", reason: "finished", text: `web:${pane} finished`, at, seen: false, ...extra });
const live = (pane: string, extra: { tokenHash?: string; snoozed?: boolean } = {}) => ({ pane, tokenHash: extra.tokenHash ?? `t${pane}`, snoozed: extra.snoozed ?? false });

describe("the record of notifications", () => {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-notices-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("the most recent unseen notification's session, whatever the order of the record", () => {
    const notices = [notice("%12", 3), notice("%3", 1), notice("%15", 2)];
    assert.equal(latestUnseen(notices, [live("%3"), live("%12"), live("%15")], undefined)?.session.pane, "%12");
  });

  it("skips the seen, the snoozed, the pane the user is on, a pane gone and a pane now another process's", () => {
    const notices = [notice("%1", 1), notice("%2", 2, { seen: true }), notice("%3", 3), notice("%4", 4), notice("%5", 5), notice("%6", 6)];
    const sessions = [live("%1"), live("%2"), live("%3", { snoozed: true }), live("%4"), live("%6", { tokenHash: "other" })];
    assert.equal(latestUnseen(notices, sessions, "%4")?.notice.pane, "%1");
    assert.equal(latestUnseen(notices, sessions.slice(1), "%4"), null);
  });

  it("is written atomically, privately, per server instance, and keeps the newest", () => {
    const file = noticesFile(dir, "abc123");
    assert.equal(file, join(dir, "notified-abc123.json"));
    assert.deepEqual(readNotices(file, "s1"), []);
    const many = Array.from({ length: KEEP_NOTICES + 5 }, (_, i) => notice(`%${i + 10}`, i));
    writeNotices(file, "s1", many);
    const back = readNotices(file, "s1");
    assert.equal(back.length, KEEP_NOTICES);
    assert.equal(back[0]?.pane, "%15");
    assert.deepEqual(readNotices(file, "s2"), [], "another server's record is not this one's");
    assert.equal(readNotices(file).length, KEEP_NOTICES);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(readdirSync(dir).filter((n) => n.includes(".tmp")), []);
  });

  it("a corrupt record is none (and kept aside, named)", () => {
    const file = noticesFile(dir, "bad");
    const warned: string[] = [];
    setStateFileReporting({ warn: (line) => warned.push(line) });
    writeFileSync(file, "{ not json");
    assert.deepEqual(readNotices(file), []);
    assert.match(warned.join("\n"), /notified-bad\.json is corrupt/);
    writeFileSync(file, JSON.stringify({ server: "s", notices: [{ pane: 3 }, notice("%3", 1)] }));
    assert.deepEqual(readNotices(file).map((n) => n.pane), ["%3"], "an entry not of the shape is dropped");
  });
});
