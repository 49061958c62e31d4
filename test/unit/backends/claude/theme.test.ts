import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeJsonFile, claudeTheme, claudeThemeSync } from "../../../../src/backends/claude/theme.ts";

describe("Claude Code's theme", () => {
  it("light or dark keeps the variant the user chose; auto is Claude's own auto", () => {
    assert.equal(claudeTheme("dark", "light"), "light");
    assert.equal(claudeTheme("dark-ansi", "light"), "light-ansi");
    assert.equal(claudeTheme("light-daltonized", "dark"), "dark-daltonized");
    assert.equal(claudeTheme(undefined, "dark"), "dark");
    assert.equal(claudeTheme("something-else", "light"), "light");
    assert.equal(claudeTheme("dark-ansi", "auto"), "auto");
  });

  it("is written into the home's .claude.json (other keys, indentation and mode kept); a missing or broken file is left alone", () => {
    const dir = mkdtempSync(join(tmpdir(), "claude-theme-"));
    try {
      const env = { CLAUDE_CONFIG_DIR: dir, HOME: "/nonexistent" };
      assert.equal(claudeJsonFile(env), join(dir, ".claude.json"));
      assert.equal(claudeJsonFile({ HOME: "/home/u" }), "/home/u/.claude.json");
      assert.equal(claudeThemeSync("light", env), null, "no file yet: Claude's onboarding asks");
      assert.ok(!existsSync(join(dir, ".claude.json")));
      const file = join(dir, ".claude.json");
      writeFileSync(file, `${JSON.stringify({ theme: "dark-ansi", hasCompletedOnboarding: true, projects: { "/p": { hasTrustDialogAccepted: true } } }, null, 4)}\n`);
      chmodSync(file, 0o640);
      assert.equal(claudeThemeSync("light", env), `${file}: theme light-ansi`);
      const value = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      assert.deepEqual(value, { theme: "light-ansi", hasCompletedOnboarding: true, projects: { "/p": { hasTrustDialogAccepted: true } } });
      assert.match(readFileSync(file, "utf8"), /^\{\n {4}"theme"/);
      assert.equal(statSync(file).mode & 0o777, 0o640);
      assert.equal(claudeThemeSync("light", env), null, "already so");
      writeFileSync(file, "{not json");
      assert.equal(claudeThemeSync("dark", { ...env }), null);
      assert.equal(readFileSync(file, "utf8"), "{not json");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
