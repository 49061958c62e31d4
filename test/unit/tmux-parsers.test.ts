import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { commandLine, ControlParser, decodeOutput, quoteArg, type ControlMessage } from "../../src/tmux/control-parser.ts";
import { buildFormat, parseRecords, SEP } from "../../src/tmux/formats.ts";
import { setOptionArgs, showOptionArgs, unsetOptionArgs } from "../../src/tmux/options.ts";
import { serverArgs } from "../../src/tmux/server.ts";
import { checkTmuxVersion, parseTmuxVersion } from "../../src/tmux/version.ts";

function feedAll(lines: string[]): ControlMessage[] {
  const parser = new ControlParser();
  return lines.map((l) => parser.feed(l)).filter((m): m is ControlMessage => m !== null);
}

describe("control-mode parser", () => {
  it("collects a %begin/%end block, even lines that start with %", () => {
    const msgs = feedAll(["%begin 1 7 1", "%0|123", "%output looks like a notification", "%end 1 7 1"]);
    assert.deepEqual(msgs, [{ type: "response", time: 1, number: 7, flags: 1, ok: true, lines: ["%0|123", "%output looks like a notification"] }]);
  });
  it("marks %error blocks as failed", () => {
    const [msg] = feedAll(["%begin 5 9 1", "unknown command: nope", "%error 5 9 1"]);
    assert.equal(msg?.type, "response");
    assert.equal(msg?.type === "response" && msg.ok, false);
  });
  it("decodes %output octal escapes", () => {
    assert.deepEqual(feedAll(["%output %3 hi\\015\\012there\\134"]), [{ type: "output", pane: "%3", data: "hi\r\nthere\\" }]);
    assert.equal(decodeOutput("\\033[1m"), "\x1b[1m");
  });
  it("parses notifications and %exit", () => {
    const msgs = feedAll(["%window-add @4", "%sessions-changed", "%session-changed $1 my session", "%exit server exited"]);
    assert.deepEqual(msgs[0], { type: "notification", name: "window-add", args: ["@4"], raw: "%window-add @4" });
    assert.equal(msgs[1]?.type === "notification" && msgs[1].name, "sessions-changed");
    assert.deepEqual(msgs[2]?.type === "notification" && msgs[2].args, ["$1", "my", "session"]);
    assert.deepEqual(msgs[3], { type: "exit", reason: "server exited" });
  });
  it("ignores stray lines outside blocks", () => {
    assert.deepEqual(feedAll(["garbage"]), []);
  });
  it("quotes arguments for tmux's parser", () => {
    assert.equal(quoteArg("%1"), "%1");
    assert.equal(quoteArg("#{pane_id}"), "'#{pane_id}'");
    assert.equal(quoteArg("it's $HOME; x"), `'it'\\''s $HOME; x'`);
    assert.equal(quoteArg("~/x"), "'~/x'");
    assert.equal(commandLine(["set-option", "-p", "-t", "%1", "@agentmux-state", "working"]), "set-option -p -t %1 @agentmux-state working");
    assert.throws(() => commandLine(["send-keys", "a\nb"]), /newline/);
  });
});

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

describe("tmux version", () => {
  const rows: Array<[string, string | null]> = [["tmux 3.3a", "3.3"], ["tmux 3.2", "3.2"], ["tmux next-3.5", "3.5"], ["tmux 3.2-rc2", "3.2"], ["tmux master", "99.0"], ["weird", null]];
  for (const [raw, expected] of rows) {
    it(raw, () => {
      const v = parseTmuxVersion(raw);
      assert.equal(v ? `${v.major}.${v.minor}` : null, expected);
    });
  }
  it("rejects tmux below 3.2 with the fix", () => {
    assert.throws(() => checkTmuxVersion("tmux 3.1c"), /tmux 3\.1c is too old: agentmux needs tmux >= 3\.2/);
    assert.throws(() => checkTmuxVersion("tmux 2.9"), /too old/);
    assert.doesNotThrow(() => checkTmuxVersion("tmux 3.2a"));
  });
});
