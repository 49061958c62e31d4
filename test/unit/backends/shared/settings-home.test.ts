import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareSettingsHome, settingsHomeOf } from "../../../../src/backends/shared/settings-home.ts";

const scratch = () => mkdtempSync(join(tmpdir(), "agentmux-settings-home-"));

describe("a session home standing in for a CLI's directory", () => {
  it("writes the given files, links every other entry and the known files to the user's, and leaves the user's directory as it was", () => {
    const root = scratch();
    try {
      const userDir = join(root, "user's home #1", ".cli");
      mkdirSync(join(userDir, "sessions"), { recursive: true });
      writeFileSync(join(userDir, "settings.json"), '{"theme":"dark"}');
      writeFileSync(join(userDir, "auth.json"), "secret");
      const state = join(root, "state");
      const request = { stateDir: state, folder: "cli-home", userDir, mirror: ".cli", files: { "settings.json": '{"theme":"dark","hooks":{}}\n' }, knownFiles: ["trusted.json"], ensureDirs: ["tmp"] };
      const { home, dir } = prepareSettingsHome(request);
      assert.equal(home, settingsHomeOf(state, "cli-home", userDir));
      assert.equal(dir, join(home, ".cli"));
      assert.equal(readFileSync(join(dir, "settings.json"), "utf8"), '{"theme":"dark","hooks":{}}\n');
      assert.equal(statSync(join(dir, "settings.json")).mode & 0o777, 0o600);
      for (const name of ["auth.json", "sessions", "trusted.json", "tmp"]) assert.equal(readlinkSync(join(dir, name)), join(userDir, name), name);
      assert.ok(existsSync(join(userDir, "tmp")), "an ensured directory is created in the user's");
      assert.equal(readFileSync(join(userDir, "settings.json"), "utf8"), '{"theme":"dark"}', "the user's settings are only read");
      // A trust file the CLI wrote through the dangling link lands in the user's directory.
      writeFileSync(join(dir, "trusted.json"), "{}");
      assert.equal(readFileSync(join(userDir, "trusted.json"), "utf8"), "{}");
      // Again: the same home, nothing doubled; a real file a CLI put over a link stays.
      rmSync(join(dir, "auth.json"));
      writeFileSync(join(dir, "auth.json"), "written by the CLI");
      assert.deepEqual(prepareSettingsHome(request), { home, dir });
      assert.ok(!lstatSync(join(dir, "auth.json")).isSymbolicLink());
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a given file that is still a link to the user's (an earlier home linked it) is replaced, never written through", () => {
    const root = scratch();
    try {
      const userDir = join(root, "user", ".cli");
      mkdirSync(userDir, { recursive: true });
      writeFileSync(join(userDir, "settings.json"), '{"theme":"dark"}');
      const state = join(root, "state");
      const dir = join(settingsHomeOf(state, "cli-home", userDir), ".cli");
      mkdirSync(dir, { recursive: true });
      symlinkSync(join(userDir, "settings.json"), join(dir, "settings.json"));
      prepareSettingsHome({ stateDir: state, folder: "cli-home", userDir, mirror: ".cli", files: { "settings.json": '{"theme":"dark","hooks":{}}\n' } });
      assert.equal(lstatSync(join(dir, "settings.json")).isSymbolicLink(), false);
      assert.equal(readFileSync(join(dir, "settings.json"), "utf8"), '{"theme":"dark","hooks":{}}\n');
      assert.equal(readFileSync(join(userDir, "settings.json"), "utf8"), '{"theme":"dark"}', "the user's settings are only read");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("with no mirror, the home is the copy itself (a variable naming the directory)", () => {
    const root = scratch();
    try {
      const userDir = join(root, ".cli");
      const { home, dir } = prepareSettingsHome({ stateDir: join(root, "state"), folder: "cli-home", userDir, mirror: "", files: { "settings.json": "{}" } });
      assert.equal(home, dir);
      assert.ok(existsSync(userDir), "the user's directory is created when missing");
      assert.equal(readFileSync(join(dir, "settings.json"), "utf8"), "{}");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
