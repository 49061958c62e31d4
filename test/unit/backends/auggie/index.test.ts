import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { auggie } from "../../../../src/backends/auggie/index.ts";
import { readDialog } from "../../../../src/detect/dialog.ts";
import { builtinManifestDir, findManifest, loadManifests } from "../../../../src/detect/load.ts";
import { ROOT } from "../../../helpers/tmux-server.ts";

const launch = (mode: Parameters<typeof auggie.launch>[0]["mode"], prompt?: string) => auggie.launch({ mode, prompt, program: "auggie", args: ["--permission", "launch-process:ask-user"] }).argv;

describe("Auggie's launch", () => {
  it("a prompt goes after --, so one starting with a dash is no option", () => {
    assert.deepEqual(launch({ kind: "new" }), ["auggie", "--permission", "launch-process:ask-user"]);
    assert.deepEqual(launch({ kind: "new" }, "-v fix it"), ["auggie", "--permission", "launch-process:ask-user", "--", "-v fix it"]);
  });
  it("resumes a conversation by id with --resume (the TUI takes it too)", () => {
    assert.deepEqual(launch({ kind: "resume", id: "6a0512a3-c85c-445b-a639-74be8868e6fe" }, "go on"), ["auggie", "--permission", "launch-process:ask-user", "--resume", "6a0512a3-c85c-445b-a639-74be8868e6fe", "--", "go on"]);
  });
  it("cannot fork: it says so and what to do instead", () => {
    assert.throws(() => launch({ kind: "fork", id: "x" }), (e: Error & { hint?: string }) => /Auggie cannot fork/.test(e.message) && /resume it instead/.test(e.hint ?? ""));
  });
  it("the resume line it prints at exit names the conversation", () => {
    const line = "✨ Tip: Use 'auggie session continue' or 'auggie session resume 27b3337e-909b-47f7-b034-6d4f07fbc20c' to resume your session";
    assert.equal(auggie.resumeLine?.exec(line)?.[1], "27b3337e-909b-47f7-b034-6d4f07fbc20c");
  });
});

describe("Auggie's dialogs, as its manifest reads them", () => {
  const screen = (name: string) => readFileSync(join(ROOT, "test", "fixtures", "real", "screens", `${name}.txt`), "utf8");
  const manifest = findManifest(loadManifests({ builtinDir: builtinManifestDir(), userDir: join(ROOT, "no-user-manifests") }).manifests, "auggie");

  it("the tool approval: its box's lines, answered with a or d", () => {
    assert.ok(manifest);
    const dialog = readDialog(manifest, screen("auggie-permission"));
    assert.deepEqual(dialog?.question, ["Tool Approval Required", "Terminal: touch /home/dev/e2e/auggie-marker"]);
    assert.deepEqual([dialog?.options, dialog?.keys], [["[A]llow", "[D]eny"], [["a"], ["d"]]]);
  });
  it("the indexing question: its options numbered [1] … [4]", () => {
    assert.ok(manifest);
    const dialog = readDialog(manifest, screen("auggie-dialog-indexing"));
    assert.equal(dialog?.options.length, 4);
    assert.match(dialog?.options[3] ?? "", /^Skip indexing for this session/);
    assert.equal(dialog?.question.at(-1), "Choose an option:");
    assert.equal(readDialog(manifest, screen("auggie-idle")), null);
  });
});
