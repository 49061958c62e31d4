import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Backend, LiveStatus } from "../../../src/backends/shared/types.ts";
import { readLiveWord } from "../../../src/daemon/live-poller.ts";

const AT = 1_700_000_000_000;

/** A backend reduced to what the live channel reads, answering for one pane process. */
function backend(report: LiveStatus | null, withReader = true): { b: Backend; asked: number[] } {
  const asked: number[] = [];
  const b = { name: "toy", label: "Toy CLI", ...(withReader ? { readLive: (pid: number) => { asked.push(pid); return report; } } : {}) } as unknown as Backend;
  return { b, asked };
}

describe("the live channel's reading of a session", () => {
  it("a report becomes a live word naming the CLI's session file and the read time", () => {
    const { b, asked } = backend({ status: "waiting", waitingFor: "permission “rm -rf”" });
    assert.deepEqual(readLiveWord(b, 4242, AT), { status: "waiting", waitingFor: "permission “rm -rf”", source: "Toy CLI's session file", at: AT });
    assert.deepEqual(asked, [4242]);
  });

  it("a status the table does not know reads as unknown", () => {
    assert.equal(readLiveWord(backend({ status: "compacting" }).b, 4242, AT)?.status, "unknown");
  });

  it("no reader, no pane process or no report gives no word (and a missing pid is never read)", () => {
    assert.equal(readLiveWord(backend({ status: "busy" }, false).b, 4242, AT), null);
    const { b, asked } = backend({ status: "busy" });
    assert.equal(readLiveWord(b, 0, AT), null);
    assert.deepEqual(asked, []);
    assert.equal(readLiveWord(backend(null).b, 4242, AT), null);
  });
});
