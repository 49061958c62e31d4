import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BACKEND_NAMES, BACKENDS } from "../../src/backends/index.ts";
import { builtinManifestDir, findManifest, loadManifests } from "../../src/detect/load.ts";

const BACKENDS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "src", "backends");

describe("the backend registry", () => {
  it("names each backend by its own name", () => {
    for (const name of BACKEND_NAMES) assert.equal(BACKENDS[name].name, name);
  });

  it("gives every agent CLI a manifest of the same name (the plain command has none)", () => {
    const { manifests } = loadManifests({ builtinDir: builtinManifestDir(), userDir: join(BACKENDS_DIR, "no-user-manifests") });
    for (const name of BACKEND_NAMES) {
      if (BACKENDS[name].plainCommand) continue;
      assert.equal(findManifest(manifests, name)?.name, name, `manifests/${name}.yml`);
    }
  });

  it("is the only list of agents: one folder per registered backend, and no other", () => {
    const folders = readdirSync(BACKENDS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== "shared").map((e) => e.name);
    assert.deepEqual(folders.sort(), [...BACKEND_NAMES].sort());
  });

  it("gives each backend an icon of its own: one character, for the switcher (a launch stores it on the pane)", () => {
    const icons = BACKEND_NAMES.map((name) => BACKENDS[name].icon);
    for (const [i, icon] of icons.entries()) assert.equal([...icon].length, 1, `${BACKEND_NAMES[i]}: ${icon}`);
    assert.equal(new Set(icons).size, icons.length, icons.join(" "));
  });
});
