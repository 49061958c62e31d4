import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { buildAsk, NO_MATERIAL, sameAsk, withHookAsk } from "../../../src/daemon/ask-build.ts";
import { hookAsk } from "../../../src/backends/shared/hook-ask.ts";
import { readDialog, type Dialog } from "../../../src/detect/dialog.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { manifestOf, SCREENS } from "../../helpers/screens.ts";


const bash = hookAsk("PermissionRequest", { tool_name: "Bash", tool_input: { command: "touch marker", description: "Create marker file" } });
const question = hookAsk("PreToolUse", { tool_name: "AskUserQuestion", tool_input: { questions: [{ question: "Which colour?", options: [{ label: "Red" }, { label: "Blue" }] }, { question: "How big?", options: [{ label: "Small" }] }] } });
const answer = hookAsk("Stop", { last_assistant_message: "All done.\nThe marker is red." });
const dialog: Dialog = { question: ["Bash command", "touch marker", "Do you want to proceed?"], options: ["Yes", "Yes, always", "No"], digest: "d1" };

describe("withHookAsk", () => {
  it("keeps the waiting tool, forgets it once it ran, and a new prompt forgets the turn's material", () => {
    const m = withHookAsk(NO_MATERIAL, bash, false);
    assert.equal(m.tool?.summary, "Bash: touch marker");
    assert.equal(withHookAsk(m, { kind: "done" }, false).tool, null);
    const ended = withHookAsk(m, answer, false);
    assert.deepEqual([ended.tool, ended.answer?.summary], [null, "All done."]);
    assert.deepEqual(withHookAsk(ended, null, true), NO_MATERIAL);
  });

  it("a notification's words are kept apart, as weak text", () => {
    const weak = hookAsk("Notification", { message: "Claude needs your permission", notification_type: "permission_prompt" });
    const m = withHookAsk(withHookAsk(NO_MATERIAL, bash, false), weak, false);
    assert.equal(m.tool?.summary, "Bash: touch marker");
    assert.equal(m.weak?.summary, "Claude needs your permission");
  });
});

describe("buildAsk", () => {
  it("blocked: the hook's text with the dialog's options and digest", () => {
    const ask = buildAsk("blocked", withHookAsk(NO_MATERIAL, bash, false), dialog, { why: "permission" }, 5);
    assert.deepEqual(ask, { kind: "permission", summary: "Bash: touch marker", text: ["Bash: touch marker", "Create marker file"], options: ["Yes", "Yes, always", "No"], dialog: "d1", source: "hook", at: 5 });
  });

  it("blocked before the dialog is drawn: the hook's own options, no digest", () => {
    const ask = buildAsk("blocked", withHookAsk(NO_MATERIAL, question, false), null, { why: "question" }, 5);
    assert.deepEqual([ask?.kind, ask?.summary, ask?.options, ask?.dialog], ["question", "Which colour? (+1 more)", ["Red", "Blue"], ""]);
  });

  it("a question of several: the one on screen is the summary", () => {
    const second: Dialog = { question: ["How big?"], options: ["Small", "Type something."], digest: "d2" };
    assert.equal(buildAsk("blocked", withHookAsk(NO_MATERIAL, question, false), second, undefined, 5)?.summary, "How big?");
  });

  it("blocked without hook material: the dialog read from the screen, its asking line as the summary", () => {
    const ask = buildAsk("blocked", NO_MATERIAL, dialog, { why: "permission" }, 5);
    assert.deepEqual(ask, { kind: "permission", summary: "Do you want to proceed?", text: dialog.question, options: dialog.options, dialog: "d1", source: "screen", at: 5 });
    assert.equal(buildAsk("blocked", NO_MATERIAL, dialog, undefined, 5)?.kind, "dialog");
  });

  it("a dialog drawn without numbers carries the keys of its choices, with hook material or without", () => {
    const choices: Dialog = { question: ["Approve tool call?"], options: ["Approve", "Deny"], keys: [["y"], ["n"]], digest: "d3" };
    assert.deepEqual(buildAsk("blocked", NO_MATERIAL, choices, { why: "permission" }, 5)?.keys, [["y"], ["n"]]);
    assert.deepEqual(buildAsk("blocked", withHookAsk(NO_MATERIAL, bash, false), choices, { why: "permission" }, 5)?.keys, [["y"], ["n"]]);
    assert.equal(buildAsk("blocked", NO_MATERIAL, dialog, { why: "permission" }, 5)?.keys, undefined, "a numbered dialog's keys come from its labels");
  });

  it("blocked with nothing but the cause's words; with nothing at all, none", () => {
    assert.equal(buildAsk("blocked", NO_MATERIAL, null, { why: "declared", detail: "deploy?" }, 5)?.summary, "deploy?");
    assert.equal(buildAsk("blocked", NO_MATERIAL, null, undefined, 5), null);
  });

  it("waiting: the last answer's first lines; working or idle: none", () => {
    const m = withHookAsk(NO_MATERIAL, answer, false);
    assert.deepEqual(buildAsk("waiting", m, null, { why: "finished" }, 5), { kind: "answer", summary: "All done.", text: ["All done.", "The marker is red."], options: [], dialog: "", source: "hook", at: 5 });
    assert.equal(buildAsk("waiting", NO_MATERIAL, null, undefined, 5), null);
    assert.equal(buildAsk("working", m, null, undefined, 5), null);
    assert.equal(buildAsk("idle", m, dialog, undefined, 5), null);
  });

  it("the summary is one line of at most 120 characters", () => {
    const long = withHookAsk(NO_MATERIAL, hookAsk("Stop", { last_assistant_message: `${"word ".repeat(60)}\nmore` }), false);
    const summary = buildAsk("waiting", long, null, undefined, 5)?.summary ?? "";
    assert.equal([...summary].length, 120);
    assert.ok(!summary.includes("\n") && summary.endsWith("…"));
  });
});

describe("sameAsk", () => {
  it("compares everything but the reading time", () => {
    const a = buildAsk("blocked", withHookAsk(NO_MATERIAL, bash, false), dialog, undefined, 5);
    assert.equal(sameAsk(a, buildAsk("blocked", withHookAsk(NO_MATERIAL, bash, false), dialog, undefined, 9)), true);
    assert.equal(sameAsk(a, buildAsk("blocked", withHookAsk(NO_MATERIAL, bash, false), { ...dialog, digest: "d9" }, undefined, 5)), false);
    assert.equal(sameAsk(null, null), true);
    assert.equal(sameAsk(a, null), false);
  });
});

describe("buildAsk: a folder-trust dialog read from the screen", () => {
  it("is a trust question quoting the folder (Claude's real dialog), never a permission named by its last line", () => {
    const screen = readFileSync(join(SCREENS, "claude-dialog-trust-folder.txt"), "utf8");
    const manifest = manifestOf("claude");
    const read = readDialog(manifest, screen);
    assert.ok(read, "the dialog is read");
    const built = buildAsk("blocked", NO_MATERIAL, read, { why: "trust" }, 1);
    assert.equal(built?.kind, "trust");
    assert.equal(built?.summary, "Trust the folder /home/dev/e2e/work-claude?");
    assert.deepEqual(built?.options, ["Yes, I trust this folder", "No, exit"]);
  });
});

