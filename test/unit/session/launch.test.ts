import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseConfig } from "../../../src/config/config.ts";
import { prepareLaunch } from "../../../src/session/launch.ts";

// A scratch agentmux home and a PATH holding stand-ins for the CLIs (prepareLaunch only checks they are there).
const root = mkdtempSync(join(tmpdir(), "agentmux-launch-"));
const saved = process.env["AGENTMUX_HOME"];
process.env["AGENTMUX_HOME"] = join(root, "home");
const bin = join(root, "bin with space");
mkdirSync(bin, { recursive: true });
for (const name of ["droid", "claude"]) {
  writeFileSync(join(bin, name), "#!/bin/sh\n");
  chmodSync(join(bin, name), 0o755);
}
const dir = join(root, "project #1");
mkdirSync(dir);
const config = parseConfig("", "c.yml");

after(() => {
  if (saved === undefined) delete process.env["AGENTMUX_HOME"]; else process.env["AGENTMUX_HOME"] = saved;
  rmSync(root, { recursive: true, force: true });
});

describe("the initial prompt of a launch", () => {
  const prepare = (backend: string, mode: { kind: "new" } | { kind: "fork"; id: string }, submit = true) =>
    prepareLaunch({ backend, dir, prompt: "-- review 'this'", submit, split: false, mode }, config, dir, bin);

  it("goes on the command line where the CLI takes it there", () => {
    const p = prepare("droid", { kind: "new" });
    assert.ok(p.argv.includes("-- review 'this'") || p.argv.join(" ").includes("review 'this'"), p.argv.join(" "));
    assert.equal(p.typedPrompt, undefined);
    assert.equal(p.submitTyped, false);
  });

  it("is typed and submitted once the CLI is up where it does not (droid drops one given with --fork)", () => {
    const p = prepare("droid", { kind: "fork", id: "0c9d6f7e-1111-2222-3333-444455556666" });
    assert.ok(!p.argv.some((a) => a.includes("review")), p.argv.join(" "));
    assert.ok(p.argv.includes("--fork"));
    assert.equal(p.typedPrompt, "-- review 'this'");
    assert.equal(p.submitTyped, true);
  });

  it("with --no-submit is typed, never submitted, whatever the CLI", () => {
    for (const backend of ["droid", "claude"]) {
      const p = prepare(backend, { kind: "new" }, false);
      assert.equal(p.typedPrompt, "-- review 'this'", backend);
      assert.equal(p.submitTyped, false, backend);
    }
  });
});
