import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fitSegment, segmentRoom, shownWidth } from "../../../src/daemon/status-fit.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

/** The segment fits in what status-right-length leaves it, so the clock after it is never cut. */
describe("the status segment fits status-right", () => {
  const full = "#[fg=red]⚠1#[default] #[fg=yellow]●2#[default] [a s] work 12% · cx 80%";
  const noQuota = "#[fg=red]⚠1#[default] #[fg=yellow]●2#[default] [a s]";
  const counts = "#[fg=red]⚠1#[default] #[fg=yellow]●2#[default]";

  it("styles take no room, ## is one #", () => {
    assert.equal(shownWidth(counts), 5);
    assert.equal(shownWidth("##1 #[bold]ok"), 5);
  });
  it("the fullest form that fits; the quota goes first, then the keys; the counts always", () => {
    assert.deepEqual(fitSegment([full, noQuota, counts], 100), { segment: full, dropped: false });
    assert.deepEqual(fitSegment([full, noQuota, counts], 12), { segment: noQuota, dropped: true });
    assert.deepEqual(fitSegment([full, noQuota, counts], 3), { segment: counts, dropped: true });
    assert.deepEqual(fitSegment([full, noQuota, counts], null), { segment: full, dropped: false });
  });
  it("the room: status-right-length less what the rest of status-right shows and the space after the segment", async () => {
    const options: Record<string, string> = { "status-right": '#{?@agentmux-status,#{@agentmux-status} ,}"#{=21:pane_title}" %H:%M %d-%b-%y', "status-right-length": "40" };
    const tmux = {
      getOption: async (_scope: unknown, name: string) => options[name] ?? "",
      expand: async (format: string) => (format === '"#{=21:pane_title}" %H:%M %d-%b-%y' ? '"vm" 02:36 05-Dec-26' : "?"),
    } as unknown as Tmux;
    assert.equal(await segmentRoom(tmux), 40 - 20 - 1);
    options["status-right"] = "%H:%M";
    assert.equal(await segmentRoom(tmux), null, "the segment is not in status-right: nothing to fit");
  });
});
