import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Config } from "../../../src/config/config.ts";
import type { OutputListener } from "../../../src/hosts/link-watches.ts";
import { AgentmuxError } from "../../../src/util/errors.ts";
import { MAX_PAGE_OUTPUT, remoteLines, watchElsewhere } from "../../../src/remote/live-elsewhere.ts";
import type { RemotePort } from "../../../src/remote/port.ts";

/** A page's port with one configured host "far" whose link watches are recorded. */
function port(outputLines = 3) {
  const watched: Array<{ host: string; pane: string; listener: OutputListener; stopped: boolean }> = [];
  const p = {
    config: () => ({ hosts: [{ name: "far", ssh: "far" }], remote: { outputLines } }) as unknown as Config,
    elsewhere: {
      snapshots: () => [],
      run: async () => ({ code: 0, stderr: "" }),
      watch: (host: string, pane: string, listener: OutputListener) => {
        const w = { host, pane, listener, stopped: false };
        watched.push(w);
        return () => { w.stopped = true; };
      },
    },
  } as unknown as RemotePort;
  return { p, watched };
}

describe("the page's watch of another machine's pane", () => {
  it("text from another machine becomes the page's lines: its last n, every control and bidi character written out, never acted on", () => {
    assert.deepEqual(remoteLines("old\na\x1b[2Jb\nc\u202ed <img src=x onerror=alert(1)>\nlast\x07\n\n", 3), ["a\\e[2Jb", "c\\u202ed <img src=x onerror=alert(1)>", "last\\x07"]);
  });

  it("what one message to the page holds is capped, the last lines kept (an escape written out takes more room than its byte)", () => {
    const lines = remoteLines(`${"\x1b".repeat(MAX_PAGE_OUTPUT)}\nthe last line`, 40);
    assert.deepEqual(lines, ["the last line"]);
    const one = remoteLines("\x07".repeat(MAX_PAGE_OUTPUT), 40);
    assert.equal(one.join("\n").length, MAX_PAGE_OUTPUT);
  });

  it("HOST:%N of a configured host is watched on its link; its output goes to the page in the shape of local output, its end and its host down too", () => {
    const { p, watched } = port();
    const sent: Array<Record<string, unknown>> = [];
    const watch = watchElsewhere(p, "far:%12", (m) => sent.push(m));
    assert.ok(watch && "stop" in watch);
    assert.deepEqual(watched.map((w) => [w.host, w.pane]), [["far", "%12"]]);
    const listener = watched[0]?.listener ?? (() => undefined);
    listener({ type: "output", text: "one\ntwo\x1b]52;c;aGk=\x07" });
    listener({ type: "output", text: "one\ntwo\x1b]52;c;aGk=\x07" });
    listener({ type: "unavailable", why: "far: host unreachable (Connection reset)" });
    listener({ type: "output", text: "one\ntwo\x1b]52;c;aGk=\x07" });
    listener({ type: "ended", why: null });
    assert.deepEqual(sent, [
      { type: "output", pane: "far:%12", lines: ["one", "two\\e]52;c;aGk=\\x07"] },
      { type: "output-old", pane: "far:%12", why: "far: host unreachable (Connection reset)" },
      { type: "output", pane: "far:%12", lines: ["one", "two\\e]52;c;aGk=\\x07"] },
      { type: "ended", pane: "far:%12" },
    ]);
    watch.stop();
    assert.equal(watched[0]?.stopped, true);
  });

  it("a pane id of another shape is refused before it goes anywhere; a host that is not configured is not another machine's (the pane is this one's)", () => {
    const { p, watched } = port();
    for (const bad of ["far:%12;ls", "far:build", "far:", "far:%12\n"]) {
      const w = watchElsewhere(p, bad, () => undefined);
      assert.ok(w && "error" in w && /is not a pane id/.test(w.error), bad);
    }
    assert.equal(watchElsewhere(p, "near:%12", () => undefined), null);
    assert.equal(watchElsewhere(p, "%12", () => undefined), null);
    assert.equal(watched.length, 0);
  });

  it("a link that refuses the watch (more panes than it watches) is an error in words", () => {
    const { p } = port();
    const refusing = { config: p.config, elsewhere: { ...p.elsewhere, watch: () => { throw new AgentmuxError("far: at most 8 of its panes are watched at once", { hint: "close another session's view first" }); } } } as unknown as RemotePort;
    assert.deepEqual(watchElsewhere(refusing, "far:%1", () => undefined), { error: "far: at most 8 of its panes are watched at once (close another session's view first)" });
  });
});
