import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { noteEnvironment, oscNotification } from "../../../src/daemon/notifier.ts";

describe("notification bytes and snoozes", () => {
  it("OSC 9 and OSC 777, with control characters and ; made harmless", () => {
    assert.equal(oscNotification("a;b\x07c"), "\x1b]9;a,b c\x07\x1b]777;notify;agentmux;a,b c\x07");
    // A C1 string terminator (U+009C) would end the OSC early on a terminal that reads C1 controls.
    assert.equal(oscNotification("x\u009cy\u009bz"), "\x1b]9;x y z\x07\x1b]777;notify;agentmux;x y z\x07");
  });

  it("notify.command's environment names the pane, session, backend, state, reason, text and tmux socket", () => {
    const note = { text: "web #2 \"x\" finished: 100%", pane: "%12", tokenHash: "h", name: "web #2 \"x\"", backend: "claude", state: "waiting", reason: "finished" };
    assert.deepEqual(noteEnvironment(note, "/tmp/tmux-1/default"), {
      AGENTMUX_NOTIFY_PANE: "%12", AGENTMUX_NOTIFY_NAME: "web #2 \"x\"", AGENTMUX_NOTIFY_BACKEND: "claude", AGENTMUX_NOTIFY_STATE: "waiting",
      AGENTMUX_NOTIFY_REASON: "finished", AGENTMUX_NOTIFY_TEXT: "web #2 \"x\" finished: 100%", AGENTMUX_NOTIFY_TMUX: "/tmp/tmux-1/default",
    });
    assert.equal(noteEnvironment({ ...note, text: "a\0b" }, "").AGENTMUX_NOTIFY_TEXT, "ab", "no NUL reaches the environment");
    assert.equal(noteEnvironment({ ...note, name: "a\r\nTitle: x" }, "").AGENTMUX_NOTIFY_NAME, "a Title: x", "one line: no header a script sends can be split");
  });
});
