import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { droid } from "../../../../src/backends/droid/index.ts";
import { AgentmuxError } from "../../../../src/util/errors.ts";

const launch = (mode: Parameters<typeof droid.launch>[0]["mode"], prompt?: string) => droid.launch({ mode, prompt, program: "droid", args: ["--auto", "low"] }).argv;

describe("the droid backend", () => {
  it("launches with the prompt as its argument (after -- when it looks like a flag), resumes with --resume, forks with --fork", () => {
    assert.deepEqual(launch({ kind: "new" }, "fix it"), ["droid", "--auto", "low", "fix it"]);
    assert.deepEqual(launch({ kind: "new" }, "-v?"), ["droid", "--auto", "low", "--", "-v?"]);
    assert.deepEqual(launch({ kind: "resume", id: "abc" }), ["droid", "--auto", "low", "--resume", "abc"]);
    assert.deepEqual(launch({ kind: "fork", id: "abc" }), ["droid", "--auto", "low", "--fork", "abc"]);
  });
  it("refuses a prompt with a resume or a fork (droid would drop it)", () => {
    assert.throws(() => launch({ kind: "resume", id: "abc" }, "go on"), (e: unknown) => e instanceof AgentmuxError && /takes no prompt when it resumes/.test(e.message));
    assert.throws(() => launch({ kind: "fork", id: "abc" }, "go on"), (e: unknown) => e instanceof AgentmuxError && /when it forks/.test(e.message));
  });
  it("reads the id from the line droid prints on exit", () => {
    const id = "5c50e9ea-7d6c-4a52-a6bd-89884b0f905e";
    assert.equal(droid.resumeLine?.exec(`To resume this session, run: droid --resume ${id}`)?.[1], id);
  });
  it("is ready at its input box, whatever it holds", () => {
    assert.match("│ > Try \"Fix all lint warnings\"   │", droid.readyPattern);
    assert.match("│ >                               │", droid.inputLine ?? /x^/);
  });
  it("prepares each launch's --settings file under the state dir, and housekeeping removes the week-old ones", () => {
    const stateDir = mkdtempSync(join(tmpdir(), "agentmux-droid-"));
    const argv = droid.prepare?.(["droid", "hi"], { stateDir, cwd: stateDir, env: {} }) ?? [];
    assert.equal(argv[1], "--settings");
    assert.equal(argv[3], "hi");
    const file = argv[2] ?? "";
    assert.equal(droid.housekeeping?.(stateDir, Date.now()), null);
    const old = (Date.now() - 8 * 24 * 60 * 60 * 1000) / 1000;
    utimesSync(file, old, old);
    assert.equal(droid.housekeeping?.(stateDir, Date.now()), "deleted 1 droid settings file(s) unused for a week");
    assert.deepEqual(readdirSync(join(stateDir, "droid-settings")), []);
  });
});
