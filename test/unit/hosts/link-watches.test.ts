import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { LinkWatches, type OutputEvent } from "../../../src/hosts/link-watches.ts";
import { MAX_WATCHED as MAX_LINK_WATCHES } from "../../../src/hosts/snapshot.ts";

const events = () => {
  const got: OutputEvent[] = [];
  return { got, listener: (e: OutputEvent) => { got.push(e); } };
};

describe("a link's watched panes", () => {
  it("two watchers of one pane are one watch on the link; the last one gone unwatches it", () => {
    const written: string[] = [];
    const w = new LinkWatches("far");
    w.connected(["output"], "1", (line) => written.push(line));
    const a = events();
    const b = events();
    const stopA = w.add("%12", a.listener);
    const stopB = w.add("%12", b.listener);
    assert.deepEqual(written, ['{"type":"watch","pane":"%12"}\n']);
    w.output("%12", "hello");
    assert.deepEqual([a.got, b.got], [[{ type: "output", text: "hello" }], [{ type: "output", text: "hello" }]]);
    stopA();
    stopA();
    assert.equal(written.length, 1, "one watcher is still there");
    stopB();
    assert.deepEqual(written, ['{"type":"watch","pane":"%12"}\n', '{"type":"unwatch","pane":"%12"}\n']);
    assert.equal(w.size, 0);
  });

  it("a watcher that joins a pane already watched gets its last output at once", () => {
    const w = new LinkWatches("far");
    w.connected(["output"], "1", () => undefined);
    w.add("%3", () => undefined);
    w.output("%3", "screen");
    const late = events();
    w.add("%3", late.listener);
    assert.deepEqual(late.got, [{ type: "output", text: "screen" }]);
  });

  it("watches asked before the link greets, and after it dropped, are sent when it greets again", () => {
    const first: string[] = [];
    const w = new LinkWatches("far");
    const a = events();
    w.add("%1", a.listener);
    w.connected(["output"], "1", (line) => first.push(line));
    assert.deepEqual(first, ['{"type":"watch","pane":"%1"}\n']);
    w.unavailable("far: host unreachable (Connection reset)");
    assert.deepEqual(a.got, [{ type: "unavailable", why: "far: host unreachable (Connection reset)" }], "the watcher is told; what it shows is old");
    w.connecting();
    const b = events();
    w.add("%2", b.listener);
    assert.deepEqual(b.got, [{ type: "unavailable", why: "far: host unreachable (Connection reset)" }], "a new watcher of a host that is down is told at once");
    const second: string[] = [];
    w.connected(["output"], "1", (line) => second.push(line));
    assert.deepEqual(second, ['{"type":"watch","pane":"%1"}\n', '{"type":"watch","pane":"%2"}\n']);
    assert.equal(first.length, 1, "nothing goes to the old connection");
  });

  it("an older host (its hello names no output feature) is told in words to every watcher, and nothing is written to it", () => {
    const written: string[] = [];
    const w = new LinkWatches("far");
    const a = events();
    w.add("%5", a.listener);
    w.connected([], "0.0.9", (line) => written.push(line));
    const words = "far's agentmux (0.0.9) is older: no live output; install the same version on both";
    assert.deepEqual(a.got, [{ type: "unavailable", why: words }]);
    const b = events();
    w.add("%6", b.listener);
    assert.deepEqual(b.got, [{ type: "unavailable", why: words }]);
    assert.deepEqual(written, []);
  });

  it("a pane's end is told and ends its watch; a pane id of another shape and more than the cap of panes are refused", () => {
    const written: string[] = [];
    const w = new LinkWatches("far");
    w.connected(["output"], "1", (line) => written.push(line));
    const a = events();
    const stop = w.add("%7", a.listener);
    w.ended("%7", null);
    assert.deepEqual(a.got, [{ type: "ended", why: null }]);
    stop();
    assert.deepEqual(written, ['{"type":"watch","pane":"%7"}\n'], "an ended pane is not unwatched again");
    for (const bad of ["7", "%7;ls", "%", "far:%7", "%1\n{\"type\":\"watch\"}"]) assert.throws(() => w.add(bad, () => undefined), /is not a pane id/, bad);
    for (let i = 0; i < MAX_LINK_WATCHES; i++) w.add(`%${100 + i}`, () => undefined);
    assert.throws(() => w.add("%999", () => undefined), /at most 8 of its panes are watched at once/);
    w.add("%100", () => undefined);
  });
});
