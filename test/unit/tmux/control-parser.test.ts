import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { commandLine, ControlParser, decodeOutput, quoteArg, type ControlMessage } from "../../../src/tmux/control-parser.ts";

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
