import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTableValue, tableValue } from "../../../../src/backends/codex/config.ts";
import { codexTheme, codexThemeSync } from "../../../../src/backends/codex/theme.ts";

describe("Codex's theme", () => {
  it("a theme of a light/dark pair turns into its other half; any other into catppuccin's", () => {
    assert.equal(codexTheme(null, "light"), "catppuccin-latte");
    assert.equal(codexTheme("catppuccin-latte", "dark"), "catppuccin-mocha");
    assert.equal(codexTheme("solarized-dark", "light"), "solarized-light");
    assert.equal(codexTheme("gruvbox-light", "dark"), "gruvbox-dark");
    assert.equal(codexTheme("dracula", "light"), "catppuccin-latte");
  });

  it("[tui] theme is set where it is, under the table, or in a table appended; a dotted or inline tui is refused", () => {
    assert.equal(setTableValue("", ["tui"], "theme", '"x"'), '[tui]\ntheme = "x"\n');
    assert.equal(setTableValue('model = "m"', ["tui"], "theme", '"x"'), 'model = "m"\n\n[tui]\ntheme = "x"\n');
    assert.equal(setTableValue('[tui]\nanimations = false # mine\n\n[projects."/p"]\ntrust_level = "trusted"\n', ["tui"], "theme", '"x"'), '[tui]\ntheme = "x"\nanimations = false # mine\n\n[projects."/p"]\ntrust_level = "trusted"\n');
    assert.equal(setTableValue('[tui]\ntheme = "old" # chosen\n', ["tui"], "theme", '"x"'), '[tui]\ntheme = "x" # chosen\n');
    assert.equal(tableValue('[tui]\ntheme = "old"\n[tui.keymap]\ntheme = "no"\n', ["tui"], "theme"), '"old"');
    // Codex itself writes sub-tables such as [tui.model_availability_nux]: no matter.
    assert.equal(setTableValue('[tui]\nnotifications = true\n[tui.model_availability_nux]\n"gpt" = 2\n', ["tui"], "theme", '"x"'), '[tui]\ntheme = "x"\nnotifications = true\n[tui.model_availability_nux]\n"gpt" = 2\n');
    assert.equal(setTableValue('[tui.keymap]\na = "b"\n', ["tui"], "theme", '"x"'), '[tui.keymap]\na = "b"\n\n[tui]\ntheme = "x"\n');
    assert.throws(() => setTableValue('tui.theme = "old"\n', ["tui"], "theme", '"x"'), /tui is written in a form agentmux cannot edit \(tui\.theme\)/);
    assert.throws(() => setTableValue('tui = { theme = "old" }\n', ["tui"], "theme", '"x"'), /cannot edit/);
  });

  it("writes config.toml (backed up, mode and comments kept); auto leaves Codex's theme as it is", () => {
    const home = mkdtempSync(join(tmpdir(), "codex-theme-"));
    try {
      const env = { CODEX_HOME: home };
      const file = join(home, "config.toml");
      assert.equal(codexThemeSync("auto", env), null);
      assert.equal(codexThemeSync("dark", env), `${file}: [tui] theme catppuccin-mocha`);
      assert.equal(readFileSync(file, "utf8"), '[tui]\ntheme = "catppuccin-mocha"\n');
      writeFileSync(file, '# my settings\nmodel = "gpt"\n\n[tui]\ntheme = "solarized-dark"\n');
      chmodSync(file, 0o640);
      assert.equal(codexThemeSync("light", env), `${file}: [tui] theme solarized-light`);
      assert.equal(readFileSync(file, "utf8"), '# my settings\nmodel = "gpt"\n\n[tui]\ntheme = "solarized-light"\n');
      assert.equal(statSync(file).mode & 0o777, 0o640);
      assert.ok(readdirSync(home).some((n) => n.startsWith("config.toml.agentmux-backup")), "backed up");
      assert.equal(codexThemeSync("light", env), null, "already so");
      writeFileSync(file, "[tui\n");
      assert.throws(() => codexThemeSync("dark", env), /not TOML agentmux can read/);
      assert.equal(readFileSync(file, "utf8"), "[tui\n");
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
