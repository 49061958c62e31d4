import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import type { DaemonView } from "../../../src/daemon/inbox-client.ts";
import { serveStream } from "../../../src/hosts/serve.ts";
import { MAX_INPUT_LINE, StreamWatches } from "../../../src/hosts/serve-watch.ts";
import { MAX_OUTPUT_TEXT as MAX_OUTPUT, MAX_WATCHED } from "../../../src/hosts/snapshot.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

/** A daemon subscription as the fake daemon holds it: what it was asked for, how to push to it, whether it was closed. */
interface FakeSub { view: DaemonView; push: (message: Record<string, unknown>) => void; end: (why: string) => void; closed: boolean }

function fakeDaemon() {
  const subs: FakeSub[] = [];
  const subscribe = async (view: DaemonView, onMessage: (m: Record<string, unknown>) => void, onEnd: (why: string) => void) => {
    const sub: FakeSub = { view, push: onMessage, end: onEnd, closed: false };
    subs.push(sub);
    return { close: () => { sub.closed = true; } };
  };
  return { subs, subscribe, outputs: () => subs.filter((s) => typeof s.view !== "string") };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("agentmux stream: the panes the link watches", () => {
  it("the hello names the output feature; a watch line subscribes to that pane's output, each push is an output line, its end an output-ended line; unwatch closes it", async () => {
    const daemon = fakeDaemon();
    const input = new PassThrough();
    const out = new PassThrough();
    const lines: Array<Record<string, unknown>> = [];
    let pending = "";
    out.on("data", (d: Buffer) => { pending += String(d); let i; while ((i = pending.indexOf("\n")) >= 0) { lines.push(JSON.parse(pending.slice(0, i)) as Record<string, unknown>); pending = pending.slice(i + 1); } });
    const served = serveStream({} as Tmux, 1, { out, input, version: "9", subscribe: daemon.subscribe });
    await tick();
    assert.deepEqual(lines[0], { type: "hello", protocol: 1, version: "9", features: ["output", "alive-every"] });
    assert.deepEqual(daemon.subs.map((s) => s.view), ["feed"]);
    input.write('{"type":"watch","pane":"%12"}\n{"type":"watch","pane":"%12"}\nnot json\n{"type":"watch","pane":"%1;ls"}\n{"type":"kill","pane":"%12"}\n');
    await tick();
    assert.deepEqual(daemon.outputs().map((s) => s.view), [{ op: "output", pane: "%12" }], "one subscription; junk, a bad pane id and other types are ignored");
    const sub = daemon.outputs()[0];
    sub?.push({ ok: true, pane: "%12", lines: ["one", "two"] });
    sub?.push({ ok: true, pane: "%12", lines: ["one", "two", "three"] });
    assert.deepEqual(lines.slice(1), [{ type: "output", pane: "%12", text: "one\ntwo" }, { type: "output", pane: "%12", text: "one\ntwo\nthree" }]);
    input.write('{"type":"unwatch","pane":"%12"}\n');
    await tick();
    assert.equal(sub?.closed, true);
    sub?.push({ ok: true, pane: "%12", lines: ["late"] });
    assert.equal(lines.length, 3, "nothing of an unwatched pane is written");
    input.write('{"type":"watch","pane":"%13"}\n');
    await tick();
    daemon.outputs()[1]?.push({ ok: true, pane: "%13", ended: true });
    assert.deepEqual(lines.at(-1), { type: "output-ended", pane: "%13" });
    input.end();
    await served;
    assert.ok(daemon.subs.every((s) => s.closed || s.view !== "feed"), "the feed is closed when ssh ends");
  });

  it("the link may ask for the alive line's cadence: within 5 to 60 s, said every that long from then on", async (t) => {
    t.mock.timers.enable({ apis: ["setInterval"] });
    const daemon = fakeDaemon();
    const input = new PassThrough();
    const out = new PassThrough();
    let text = "";
    out.on("data", (d: Buffer) => { text += String(d); });
    const alives = () => text.split("\n").filter((l) => l.includes('"alive"')).length;
    const served = serveStream({} as Tmux, 1, { out, input, version: "9", subscribe: daemon.subscribe });
    await tick();
    t.mock.timers.tick(10_000);
    assert.equal(alives(), 1, "every 10 s unless asked");
    input.write('{"type":"alive","every":"soon"}\n{"type":"alive","every":30000}\n');
    await tick();
    t.mock.timers.tick(20_000);
    assert.equal(alives(), 1, "asked for 30 s: not at 10 nor 20");
    t.mock.timers.tick(10_000);
    assert.equal(alives(), 2);
    input.write('{"type":"alive","every":1}\n');
    await tick();
    t.mock.timers.tick(4999);
    assert.equal(alives(), 2, "never more often than every 5 s");
    t.mock.timers.tick(1);
    assert.equal(alives(), 3);
    input.write('{"type":"alive","every":3600000}\n');
    await tick();
    t.mock.timers.tick(60_000);
    assert.equal(alives(), 4, "never less often than every 60 s");
    input.end();
    await served;
  });

  it("a line over the cap is dropped, not read (and the lines after it are); at most 8 panes; a pane with no session ends at once", async () => {
    const daemon = fakeDaemon();
    const written: Array<Record<string, unknown>> = [];
    const w = new StreamWatches((pane, onMessage, onEnd) => daemon.subscribe({ op: "output", pane }, onMessage, onEnd), (m) => written.push(m));
    const long = `{"type":"watch","pane":"%99","pad":"${"x".repeat(MAX_INPUT_LINE)}"}\n`;
    // Sent in pieces, as a pipe may: the long line's parts, then a good line.
    w.input(long.slice(0, 700));
    w.input(long.slice(700, 1500));
    w.input(`${long.slice(1500)}{"type":"watch","pane":"%1"}\n`);
    await tick();
    assert.deepEqual(w.panes(), ["%1"]);
    for (let i = 2; i <= MAX_WATCHED + 1; i++) w.input(`{"type":"watch","pane":"%${i}"}\n`);
    await tick();
    assert.equal(w.panes().length, MAX_WATCHED);
    assert.deepEqual(written.at(-1), { type: "output-ended", pane: `%${MAX_WATCHED + 1}`, why: "at most 8 panes are watched at once" });
    daemon.outputs()[0]?.push({ ok: false, error: "no live agentmux session in pane %1" });
    assert.deepEqual(written.at(-1), { type: "output-ended", pane: "%1", why: "no live agentmux session in pane %1" });
    assert.ok(!w.panes().includes("%1"));
    w.close();
    assert.ok(daemon.outputs().every((s) => s.closed));
  });

  it("an output line holds at most 256 KiB of text, the end of the screen kept", async () => {
    const daemon = fakeDaemon();
    const written: Array<Record<string, unknown>> = [];
    const w = new StreamWatches((pane, onMessage, onEnd) => daemon.subscribe({ op: "output", pane }, onMessage, onEnd), (m) => written.push(m));
    w.input('{"type":"watch","pane":"%4"}\n');
    await tick();
    daemon.outputs()[0]?.push({ ok: true, pane: "%4", lines: ["a".repeat(MAX_OUTPUT), "the last line"] });
    const text = String(written[0]?.["text"]);
    assert.equal(text.length, MAX_OUTPUT);
    assert.ok(text.endsWith("\nthe last line"));
    w.close();
  });

  it("the daemon gone: the pane's output is asked for again (it is started again), the watch goes on", async () => {
    const daemon = fakeDaemon();
    const w = new StreamWatches((pane, onMessage, onEnd) => daemon.subscribe({ op: "output", pane }, onMessage, onEnd), () => undefined, 0);
    w.input('{"type":"watch","pane":"%4"}\n');
    await tick();
    daemon.outputs()[0]?.end("the daemon closed the connection");
    while (daemon.outputs().length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    assert.deepEqual(daemon.outputs().map((s) => s.view), [{ op: "output", pane: "%4" }, { op: "output", pane: "%4" }]);
    w.close();
  });
});
