import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { buildFormat, parseRecords, SEP } from "../../../src/tmux/formats.ts";
import { setOptionArgs, showOptionArgs, unsetOptionArgs } from "../../../src/tmux/options.ts";
import { serverArgs } from "../../../src/tmux/server.ts";

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
    assert.deepEqual(parseRecords(fields, out.split("\n")).length, 3, "control-mode lines, a record split over two");
  });
  it("builds option arguments per scope", () => {
    assert.deepEqual(setOptionArgs({ pane: "%1" }, "@agentmux-state", "idle"), ["set-option", "-q", "-p", "-t", "%1", "@agentmux-state", "idle"]);
    assert.deepEqual(setOptionArgs("global", "@agentmux-status", "x"), ["set-option", "-q", "-g", "@agentmux-status", "x"]);
    assert.deepEqual(unsetOptionArgs({ window: "@2" }, "@m"), ["set-option", "-q", "-u", "-w", "-t", "@2", "@m"]);
    assert.deepEqual(showOptionArgs("global", "@m"), ["show-option", "-qv", "-g", "@m"]);
  });
  it("picks the server arguments: -S wins over -L, none means $TMUX or the default", () => {
    assert.deepEqual(serverArgs({}), []);
    assert.deepEqual(serverArgs({ socketName: "t" }), ["-L", "t"]);
    assert.deepEqual(serverArgs({ socketName: "t", socketPath: "/s" }), ["-S", "/s"]);
  });
});
