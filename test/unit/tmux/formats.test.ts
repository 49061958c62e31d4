import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { buildFormat, parseRecords, RecordReader, SEP } from "../../../src/tmux/formats.ts";

describe("formats", () => {
  it("builds and parses records, skipping malformed lines", () => {
    const fields = { pane: "pane_id", title: "pane_title", backend: "@agentmux-backend" };
    assert.equal(buildFormat(fields), `#{pane_id}${SEP}#{pane_title}${SEP}#{@agentmux-backend}\x1e`);
    const out = [`%1${SEP}a title | with bars${SEP}claude\x1e`, `%2${SEP}${SEP}\x1e`, "broken\x1e", `%3${SEP}two\nlines${SEP}x\x1e`].join("\n");
    assert.deepEqual(parseRecords(fields, out), [
      { pane: "%1", title: "a title | with bars", backend: "claude" },
      { pane: "%2", title: "", backend: "" },
      { pane: "%3", title: "two\nlines", backend: "x" },
    ]);
    assert.deepEqual(parseRecords(fields, out.split("\n")), parseRecords(fields, out), "control-mode lines, a record split over two");
  });

  it("reads the published status, stored with '#' doubled for formats, back as the text itself", () => {
    const fields = { pane: "pane_id", status: "@agentmux-status-text", title: "pane_title" };
    assert.deepEqual(parseRecords(fields, `%1${SEP}S##[fg=red]X ##{pane_id} ####${SEP}a ## title\x1e`), [{ pane: "%1", status: "S#[fg=red]X #{pane_id} ##", title: "a ## title" }]);
  });

  it("a listing read again: an unchanged record is the same frozen object, a changed one is read anew", () => {
    const fields = { pane: "pane_id", title: "pane_title" };
    const reader = new RecordReader(fields);
    const first = reader.parse([`%11${SEP}idle\x1e`, `%12${SEP}two`, `lines\x1e`]);
    const second = reader.parse([`%11${SEP}idle\x1e`, `%12${SEP}two`, `lines, now three\x1e`, `%13${SEP}new\x1e`]);
    assert.equal(second[0], first[0], "unchanged: the same record");
    assert.ok(Object.isFrozen(second[0]));
    assert.deepEqual(second.slice(1), [{ pane: "%12", title: "two\nlines, now three" }, { pane: "%13", title: "new" }]);
    assert.notEqual(second[1], first[1]);
    assert.deepEqual(reader.parse(""), [], "nothing listed");
    assert.notEqual(reader.parse([`%11${SEP}idle\x1e`])[0], first[0], "only the last reading is kept");
  });
});
