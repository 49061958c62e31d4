import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { themeFromColorFgBg } from "../../../src/session/theme.ts";

describe("the terminal's background", () => {
  it("is read from $COLORFGBG's last field: 0-6 and 8 dark, 7 and 9-15 light; anything else unknown", () => {
    assert.equal(themeFromColorFgBg("15;0"), "dark");
    assert.equal(themeFromColorFgBg("0;15"), "light");
    assert.equal(themeFromColorFgBg("0;default;7"), "light");
    assert.equal(themeFromColorFgBg("7;8"), "dark");
    assert.equal(themeFromColorFgBg(""), null);
    assert.equal(themeFromColorFgBg(undefined), null);
    assert.equal(themeFromColorFgBg("15;default"), null);
    assert.equal(themeFromColorFgBg("0;16"), null);
  });
});
