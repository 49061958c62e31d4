import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BACKENDS, isBackendName } from "../../../src/backends/index.ts";
import { findManifest, loadManifests } from "../../../src/detect/load.ts";
import { readiness } from "../../../src/session/ready.ts";
import { ROOT } from "../../helpers/tmux-server.ts";

const SCREENS = join(ROOT, "test", "fixtures", "real", "screens");
const manifests = loadManifests({ userDir: join(ROOT, "no-user-manifests") }).manifests;
const screen = (name: string) => readFileSync(join(SCREENS, `${name}.txt`), "utf8");

describe("when a CLI just started is ready for text", () => {
  it("Claude's folder-trust dialog is a dialog, not its input line: the text waits", () => {
    assert.equal(readiness(screen("claude-dialog-trust-folder"), BACKENDS.claude, findManifest(manifests, "claude")), "dialog");
  });

  it("every real capture of a dialog waits; every idle screen is ready (each CLI, its manifest)", () => {
    let seen = 0;
    for (const file of readdirSync(SCREENS).filter((f) => f.endsWith(".txt") && !f.endsWith(".ansi.txt") && !f.endsWith(".meta.txt"))) {
      const name = file.slice(0, -4);
      const backend = name.split("-")[0] ?? "";
      if (!isBackendName(backend)) continue;
      const manifest = findManifest(manifests, backend);
      const got = readiness(screen(name), BACKENDS[backend], manifest);
      // A dialog's capture (not a denial's or a rejection's aftermath).
      if (/-(dialog|permission)(-|$)/.test(name) && !/-(denied|rejected)$/.test(name)) { assert.equal(got, "dialog", name); seen++; }
      if (/-idle$/.test(name)) { assert.equal(got, "ready", name); seen++; }
    }
    assert.ok(seen >= 20, `${seen} captures`);
  });
});
