import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareRun } from "../../../src/batch/prepare.ts";
import { parseConfig } from "../../../src/config/config.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-batch-prepare-"));
after(() => rmSync(tmp, { recursive: true, force: true }));
const bin = join(tmp, "bin");
mkdirSync(bin);
for (const name of ["claude", "codex", "gemini"]) {
  writeFileSync(join(bin, name), "#!/bin/sh\n");
  chmodSync(join(bin, name), 0o755);
}
const project = join(tmp, "my project #1");
mkdirSync(project);
// A directory anyone may write in, as /tmp is: a model CLI run there loads what anyone planted.
const shared = join(tmp, "shared");
mkdirSync(shared);
chmodSync(shared, 0o1777);
const env = { PATH: bin, HOME: tmp, AGENTMUX_HOME: join(tmp, "home"), AGENTMUX_TOKEN: "t", AGENTMUX_TOKEN_HASH: "h", AGENTMUX_SESSION: "s", KEEP: "yes" };

describe("prepareRun", () => {
  it("takes the backend, the directory and the batch options from the config", () => {
    const config = parseConfig("defaultBackend: codex\nbatch: {permissionMode: plan, maxTurns: 5, allowedTools: [Read], model: m-1, appendSystemPrompt: be brief}\n", "config.yml");
    const p = prepareRun(config, { dir: project }, env);
    assert.equal(p.backend.name, "codex");
    assert.equal(p.program, "codex");
    assert.equal(p.dir, project);
    assert.deepEqual(p.options, { permissionMode: "plan", maxTurns: 5, allowedTools: ["Read"], model: "m-1", appendSystemPrompt: "be brief" });
  });

  it("defaults to permission mode auto and 30 turns, and drops the variables that name a session", () => {
    const p = prepareRun(parseConfig("", "config.yml"), { backend: "claude", dir: project }, env);
    assert.equal(p.options.permissionMode, "auto");
    assert.equal(p.options.maxTurns, 30);
    assert.equal(p.env["KEEP"], "yes");
    for (const name of ["AGENTMUX_TOKEN", "AGENTMUX_TOKEN_HASH", "AGENTMUX_SESSION"]) assert.equal(p.env[name], undefined, name);
  });

  const config = parseConfig("", "config.yml");
  const refusals: Array<[string, Parameters<typeof prepareRun>[1], Record<string, string>, RegExp]> = [
    ["a backend without a non-interactive mode", { backend: "gemini", dir: project }, env, /Gemini CLI has no non-interactive mode/],
    ["a directory that does not exist", { backend: "claude", dir: join(tmp, "missing") }, env, /directory .*missing does not exist/],
    ["a CLI that is not installed", { backend: "claude", dir: project }, { ...env, PATH: join(tmp, "nothing") }, /Claude Code is not installed/],
    ["an unknown backend", { backend: "nope", dir: project }, env, /nope/],
    ["a directory anyone may write in (a model CLI loads the hooks and instructions planted there)", { backend: "claude", dir: shared }, env, /shared is not a directory of your own \(anyone may write in it\)/],
    ["the shared temporary directory itself", { backend: "claude", dir: "/tmp" }, env, /\/tmp is not a directory of your own/],
  ];
  for (const [name, request, e, message] of refusals) {
    it(`refuses ${name}`, () => assert.throws(() => prepareRun(config, request, e), message));
  }
});
