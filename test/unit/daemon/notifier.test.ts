import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { oscNotification } from "../../../src/daemon/notifier.ts";

describe("notification bytes and snoozes", () => {
  it("OSC 9 and OSC 777, with control characters and ; made harmless", () => {
    assert.equal(oscNotification("a;b\x07c"), "\x1b]9;a,b c\x07\x1b]777;notify;agentmux;a,b c\x07");
    // A C1 string terminator (U+009C) would end the OSC early on a terminal that reads C1 controls.
    assert.equal(oscNotification("x\u009cy\u009bz"), "\x1b]9;x y z\x07\x1b]777;notify;agentmux;x y z\x07");
  });
});
