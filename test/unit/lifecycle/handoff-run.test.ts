import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { handoffSource } from "../../../src/lifecycle/handoff-run.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";
import { isAgentmuxError } from "../../../src/util/errors.ts";

// replaceSession starts the daemon and launches panes: test/integration covers it.

class FakeTmux {
  constructor(private readonly panes: PaneRecord[]) {}
  async listPanes(): Promise<PaneRecord[]> { return this.panes; }
}

const pane = (values: Partial<PaneRecord>): PaneRecord => ({ ...(Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord), backend: "claude", state: "idle", ...values });

describe("handoff: the session handed off", () => {
  let root = "";
  let here = "";
  let link = "";
  const cwd = process.cwd();
  before(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-handoff-")));
    here = join(root, "proj #1 ü");
    mkdirSync(here);
    mkdirSync(join(root, "other"));
    link = join(root, "link to proj");
    symlinkSync(here, link);
    process.chdir(here);
  });
  after(() => { process.chdir(cwd); rmSync(root, { recursive: true, force: true }); });

  const source = (panes: PaneRecord[], from: string) => handoffSource(new FakeTmux(panes) as unknown as Tmux, from, false);
  const failsWith = async (p: Promise<unknown>, message: RegExp, hint: RegExp) => {
    await assert.rejects(p, (error: unknown) => {
      assert.ok(isAgentmuxError(error));
      assert.match(error.message, message);
      assert.match(error.hint ?? "", hint);
      return true;
    });
  };

  it("the live session in the pane named is the one, wherever it runs", async () => {
    const s = await source([pane({ pane: "%90", dir: join(root, "other") }), pane({ pane: "%91", dir: here })], "%90");
    assert.equal(s.pane, "%90");
  });

  it("a pane that is not a live session falls back to the one session in this directory, reached through a link too", async () => {
    const s = await source([pane({ pane: "%90", dir: here, dead: "1" }), pane({ pane: "%92", dir: link }), pane({ pane: "%93", dir: join(root, "other") })], "%90");
    assert.equal(s.pane, "%92");
    assert.equal(s.dir, link, "the session as listed, not its canonical directory");
  });

  it("no session in this directory: an error naming the pane and the directory, with the fix", async () => {
    await failsWith(source([pane({ pane: "%93", dir: join(root, "other") })], "%99"), /^pane "%99" is not a live agentmux session, and no session runs in .*proj #1 ü$/, /--from "\$AGENTMUX_SESSION"/);
  });

  it("several sessions in this directory: an error listing them", async () => {
    await failsWith(source([pane({ pane: "%94", dir: here }), pane({ pane: "%95", dir: here, instance: "2" })], "%99"), /several sessions run in .*: .*\(%94\), .*\(%95\)$/, /--from PANE/);
  });
});
