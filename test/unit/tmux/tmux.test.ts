import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Tmux } from "../../../src/tmux/tmux.ts";
import type { TmuxTransport } from "../../../src/tmux/transport.ts";

/** A transport that answers display-message and counts what it was asked. */
function counting(): TmuxTransport & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async run(args: string[]): Promise<string> {
      asked.push(args.join(" "));
      return args.at(-1) === "#{socket_path}" ? "/tmp/tmux-0/my server" : "4242:1700000000 /tmp/tmux-0/my server";
    },
  };
}

describe("Tmux", () => {
  it("asks tmux for the socket path once, and not at all once the server's place was asked", async () => {
    const transport = counting();
    const tmux = new Tmux({ socketName: "my server" }, transport);
    assert.equal(await tmux.socketPath(), "/tmp/tmux-0/my server");
    assert.equal(await tmux.socketPath(), "/tmp/tmux-0/my server");
    assert.equal(transport.asked.length, 1);
    const other = counting();
    const listing = new Tmux({ socketName: "my server" }, other);
    assert.deepEqual(await listing.serverPlace(), { id: "4242:1700000000", socket: "/tmp/tmux-0/my server" });
    assert.equal(await listing.socketPath(), "/tmp/tmux-0/my server");
    assert.deepEqual(other.asked, ["display-message -p #{pid}:#{start_time} #{socket_path}"], "list with hosts: one question, not two");
  });

  it("callers asking at the same time share one question (next asks for the notices and the hosts at once)", async () => {
    const transport = counting();
    const tmux = new Tmux({ socketName: "my server" }, transport);
    assert.deepEqual(await Promise.all([tmux.socketPath(), tmux.socketPath(), tmux.socketPath()]), Array(3).fill("/tmp/tmux-0/my server"));
    assert.equal(transport.asked.length, 1);
    // list asks for the server's place and, with hosts, the socket path at once: one question.
    const other = counting();
    const listing = new Tmux({ socketName: "my server" }, other);
    const [place, socket] = await Promise.all([listing.serverPlace(), listing.socketPath()]);
    assert.deepEqual([place.socket, socket], ["/tmp/tmux-0/my server", "/tmp/tmux-0/my server"]);
    assert.equal(other.asked.length, 1);
  });

  it("a failed question is not remembered", async () => {
    let fail = true;
    const tmux = new Tmux({}, { run: async () => { if (fail) throw new Error("no server running"); return "/tmp/tmux-0/default"; } });
    await assert.rejects(tmux.socketPath(), /no server running/);
    fail = false;
    assert.equal(await tmux.socketPath(), "/tmp/tmux-0/default");
  });
});
