import { afterEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { colorAllowed, sgr } from "../../../src/util/color.ts";
import { frameLines } from "../../../src/switcher/render.ts";
import { initialState } from "../../../src/switcher/state.ts";
import type { Row } from "../../../src/switcher/rows.ts";
import { choiceFrame } from "../../../src/switcher/choose.ts";

const ESC = /\x1b\[/;
const row = (key: string, name: string, tone: Row["tone"]): Row => ({
  pane: `%${key.charCodeAt(0)}`, key, icon: "✻", name, account: "work", annotation: "", age: "3m", status: "", stale: false, tone, glyph: "○", wants: "", since: null,
});
const frames = () => [
  ...frameLines(initialState([row("a", "api", "blocked"), row("s", "web", "waiting"), row("d", "docs", "snoozed")]), { width: 80, height: 10 }),
  ...choiceFrame("Which?", [{ kind: "item", value: "a", label: "a", dim: true }, { kind: "item", value: "b", label: "b", current: true }], 0, { width: 60, height: 10 }),
].join("\n");

describe("NO_COLOR", () => {
  const before = process.env["NO_COLOR"];
  afterEach(() => {
    if (before === undefined) delete process.env["NO_COLOR"];
    else process.env["NO_COLOR"] = before;
  });

  it("set to anything but empty turns colour off (no-color.org)", () => {
    assert.equal(colorAllowed({}), true);
    assert.equal(colorAllowed({ NO_COLOR: "" }), true);
    assert.equal(colorAllowed({ NO_COLOR: "1" }), false);
  });

  it("the switcher and the pickers draw colour without it and none with it", () => {
    delete process.env["NO_COLOR"];
    assert.equal(sgr("31", "x"), "\x1b[31mx\x1b[0m");
    assert.match(frames(), ESC);
    process.env["NO_COLOR"] = "1";
    assert.equal(sgr("31", "x"), "x");
    assert.doesNotMatch(frames(), ESC);
    assert.match(frames(), /api/);
  });
});
