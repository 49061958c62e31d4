import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ScreenState } from "../../../src/daemon/screen-state.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

/** Panes as list-panes shows them (id and current command), each captured as the same prompt. */
class FakeTmux {
  readonly captured: string[] = [];
  constructor(private readonly commands: Record<string, string>) {}
  async paneLines(): Promise<string[]> {
    return Object.entries(this.commands).map(([pane, command]) => [pane, "0", "0,0", "0", "0", "", command].join("\x1f"));
  }
  async tryCapture(pane: string): Promise<string | null> { this.captured.push(pane); return "❯ "; }
}

function session(pane: string, backend: string, pid = ""): Tracked {
  const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;
  return trackedFromPane({ ...fields, pane, backend, dir: "/home/u/a b", state: "idle", pid });
}

describe("the screen channel's manifests", () => {
  let home = "";
  let saved: string | undefined;
  before(() => {
    home = mkdtempSync(join(tmpdir(), "agentmux-screen-state-"));
    mkdirSync(join(home, "config", "agents"), { recursive: true });
    writeFileSync(join(home, "config", "agents", "broken #1.yml"), "name: [unclosed\n");
    saved = process.env["AGENTMUX_HOME"];
    process.env["AGENTMUX_HOME"] = home;
  });
  after(() => {
    if (saved === undefined) delete process.env["AGENTMUX_HOME"]; else process.env["AGENTMUX_HOME"] = saved;
    rmSync(home, { recursive: true, force: true });
  });

  it("an agent's screen is read with its backend's manifest; a plain command with the manifest that recognises it, or not at all", async () => {
    const tmux = new FakeTmux({ "%31": "claude", "%32": "codex", "%33": "bash" });
    const said: string[] = [];
    const screens = new ScreenState(tmux as unknown as Tmux, () => undefined, async (t) => { said.push(t.pane); });
    const tracked = new Map([session("%31", "claude"), session("%32", "generic"), session("%33", "generic")].map((t) => [t.pane, t]));
    await screens.tick(tracked);
    assert.deepEqual(tmux.captured, ["%31", "%32"]);
    assert.deepEqual(said, ["%31", "%32"]);
  });

  it("a plain command running an agent as `node …/codex.js` is known by its process tree, read once per current command", async () => {
    const tmux = new FakeTmux({ "%41": "node" });
    const said: string[] = [];
    const screens = new ScreenState(tmux as unknown as Tmux, () => undefined, async (t) => { said.push(t.pane); });
    const reads: number[] = [];
    screens.processesOf = async (pid) => { reads.push(pid); return ["bash -c x", "node /opt/a b/node_modules/@openai/codex/bin/codex.js"]; };
    const tracked = new Map([["%41", session("%41", "generic", "4242")]]);
    await screens.tick(tracked);
    assert.deepEqual(said, [], "not known on the first look: ps is still running");
    await new Promise((resolve) => setImmediate(resolve));
    await screens.tick(tracked);
    assert.deepEqual(said, ["%41"]);
    await screens.tick(tracked);
    assert.deepEqual(reads, [4242], "ps ran once for that command");
  });

  it("a plain command that is no interpreter (a shell, sleep) is what it says: no ps for it", async () => {
    const tmux = new FakeTmux({ "%42": "sleep", "%43": "bash" });
    const screens = new ScreenState(tmux as unknown as Tmux, () => undefined, async () => undefined);
    let reads = 0;
    screens.processesOf = async () => { reads += 1; return []; };
    await screens.tick(new Map([["%42", session("%42", "generic", "4243")], ["%43", session("%43", "generic", "4244")]]));
    assert.equal(reads, 0);
  });

  it("a user manifest that does not load is logged, naming its file, and the built-in ones still work", async () => {
    const lines: string[] = [];
    const tmux = new FakeTmux({ "%31": "claude" });
    const said: string[] = [];
    const screens = new ScreenState(tmux as unknown as Tmux, (line) => lines.push(line), async (t) => { said.push(t.pane); });
    assert.equal(lines.length, 1);
    assert.match(lines[0] ?? "", /^manifest skipped: .*broken #1\.yml/);
    await screens.tick(new Map([["%31", session("%31", "claude")]]));
    assert.deepEqual(said, ["%31"]);
  });
});
