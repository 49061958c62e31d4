import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { renderStatusSegment } from "../../../src/daemon/status-segment.ts";
import { INITIAL } from "../../../src/core/state-machine.ts";

describe("status segment", () => {
  const m = (state: string) => ({ ...INITIAL, state }) as typeof INITIAL;
  it("counts blocked, waiting and working, coloured", () => {
    assert.equal(renderStatusSegment([m("waiting"), m("waiting"), m("blocked"), m("working"), m("idle"), m("unknown")]), "#[fg=red]⚠1#[default] #[fg=yellow]●2#[default] #[fg=green]◐1#[default]");
    assert.equal(renderStatusSegment([m("idle")]), "");
    assert.equal(renderStatusSegment([m("working")], { colors: false }), "◐1");
    assert.equal(renderStatusSegment([m("waiting"), m("blocked")], { colors: false, keys: ["a", "s"] }), "⚠1 ●1 [a s]");
  });

  it("waiting with background work has its own glyph and count, apart from plain waiting", () => {
    const bg = { ...m("waiting"), background: true };
    assert.equal(renderStatusSegment([m("waiting"), bg, bg, m("working")], { colors: false }), "●1 ◍2 ◐1");
    assert.equal(renderStatusSegment([bg]), "#[fg=yellow]◍1#[default]");
    assert.equal(renderStatusSegment([{ ...m("working"), background: true }], { colors: false }), "◐1", "background while working is working");
  });
});
