import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { settingsHomeTheme } from "../../../../src/backends/shared/settings-theme.ts";
import { pairedTheme } from "../../../../src/backends/shared/theme.ts";

const PAIRS = [["Default Light", "Default"], ["GitHub Light", "GitHub"]] as const;

describe("theme sync in a settings home of agentmux's (Gemini CLI, Qwen Code)", () => {
  it("a theme of a pair turns into its other half; any other into the first pair's", () => {
    assert.equal(pairedTheme(PAIRS, "GitHub Light", "dark"), "GitHub");
    assert.equal(pairedTheme(PAIRS, "Dracula", "light"), "Default Light");
    assert.equal(pairedTheme(PAIRS, null, "dark"), "Default");
  });

  it("writes ui.theme (and turns the CLI's own switching off) only in a session home under the state directory", () => {
    const root = mkdtempSync(join(tmpdir(), "settings-theme-"));
    try {
      const env = { AGENTMUX_HOME: root };
      const sync = settingsHomeTheme({ variable: "X_HOME", folder: "x-home", mirror: ".x", pairs: PAIRS, autoSwitch: "autoThemeSwitching" });
      const home = join(root, "state", "x-home", "abc");
      mkdirSync(join(home, ".x"), { recursive: true });
      const file = join(home, ".x", "settings.json");
      writeFileSync(file, JSON.stringify({ ui: { theme: "GitHub Light", hideBanner: true }, hooks: { a: 1 } }));
      assert.equal(sync("dark", { ...env, X_HOME: home }), `${file}: ui.theme GitHub`);
      assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), { ui: { theme: "GitHub", hideBanner: true, autoThemeSwitching: false }, hooks: { a: 1 } });
      assert.equal(sync("dark", { ...env, X_HOME: home }), null, "already so");
      assert.equal(sync("auto", { ...env, X_HOME: home }), null, "auto: the user's own choice stands");
      // The user's own directory (not a session home of agentmux's) is never written.
      const user = join(root, "user");
      mkdirSync(join(user, ".x"), { recursive: true });
      writeFileSync(join(user, ".x", "settings.json"), "{}");
      assert.equal(sync("light", { ...env, X_HOME: user }), null);
      assert.equal(readFileSync(join(user, ".x", "settings.json"), "utf8"), "{}");
      assert.equal(sync("light", env), null, "no home named");
      // A settings file that is a link (to anything) is not followed.
      rmSync(file);
      symlinkSync(join(user, ".x", "settings.json"), file);
      assert.equal(sync("light", { ...env, X_HOME: home }), null);
      assert.equal(readFileSync(join(user, ".x", "settings.json"), "utf8"), "{}");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
