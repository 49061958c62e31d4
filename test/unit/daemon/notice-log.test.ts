import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NoticeLog } from "../../../src/daemon/notice-log.ts";
import { readNotices, type Notice } from "../../../src/session/notices.ts";

const notice = (pane: string, state: string, at: number): Notice => ({ pane, tokenHash: "", name: pane, backend: "claude", state, reason: "x", text: `${pane} ${state}`, at, seen: false });

describe("the daemon's record of notifications", () => {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-notice-log-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "notified-k.json");
  const seen = () => readNotices(file, "s1").map((n) => `${n.pane}:${n.state}:${n.seen ? "seen" : "unseen"}`);

  it("writes each notification to the file; looking at a pane marks its notifications seen", () => {
    const log = new NoticeLog(file, () => undefined);
    log.load("s1");
    log.add(notice("%12", "waiting", 1));
    log.add(notice("%3", "blocked", 2));
    log.add(notice("%12", "working", 3));
    assert.equal(log.hasUnseen(), true);
    log.looked("%12");
    assert.deepEqual(seen(), ["%12:waiting:seen", "%3:blocked:unseen", "%12:working:seen"]);
  });

  it("a session that left blocked or waiting has its notifications for that seen; another state's stay", () => {
    const log = new NoticeLog(file, () => undefined);
    log.load("s1");
    log.add(notice("%3", "working", 4));
    log.stateChanged("%3", "waiting");
    assert.deepEqual(seen().slice(-2), ["%12:working:seen", "%3:working:unseen"]);
    assert.equal(seen()[1], "%3:blocked:unseen", "still waiting on the user: not seen");
    log.stateChanged("%3", "working");
    assert.deepEqual(seen(), ["%12:waiting:seen", "%3:blocked:seen", "%12:working:seen", "%3:working:unseen"]);
  });

  it("takes up this server's record on start, not another server's; a write that fails is logged", () => {
    const again = new NoticeLog(file, () => undefined);
    again.load("s1");
    assert.equal(again.all().length, 4);
    const other = new NoticeLog(file, () => undefined);
    other.load("s2");
    assert.equal(other.all().length, 0);
    const lines: string[] = [];
    const broken = new NoticeLog(join(file, "x.json"), (line) => lines.push(line));
    broken.load("s1");
    broken.add(notice("%1", "waiting", 1));
    assert.match(lines.join("\n"), /could not write the notification record/);
  });
});
