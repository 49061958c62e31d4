import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { installDir, shellScript } from "../../../src/util/install-dir.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

describe("installDir", () => {
  it("is the package root, where the manifests and shell scripts ship", () => {
    assert.equal(join(installDir(), "/"), ROOT);
    assert.equal((JSON.parse(readFileSync(join(installDir(), "package.json"), "utf8")) as { name: string }).name, "agentmux");
    assert.ok(existsSync(join(installDir(), "manifests", "codex.yml")));
  });
});

describe("shellScript", () => {
  it("is a script under shell/ of the package", () => {
    assert.equal(shellScript("agentmux-hook"), join(ROOT, "shell", "agentmux-hook"));
    assert.ok(existsSync(shellScript("agentmux-hook")));
  });
});
