import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dialogDigest, readDialog } from "../../../src/detect/dialog.ts";
import { parseManifest } from "../../../src/detect/parse.ts";
import type { Manifest } from "../../../src/detect/types.ts";

const ROOT = new URL("../../../", import.meta.url);

function builtin(agent: string): Manifest {
  const file = new URL(`manifests/${agent}.yml`, ROOT);
  const { manifest } = parseManifest(readFileSync(file, "utf8"), file.pathname, { builtin: true });
  assert.ok(manifest);
  return manifest;
}

/** A screen captured from the real CLI (test/fixtures/real/screens), read with its CLI's manifest. */
function read(name: string) {
  const screen = readFileSync(new URL(`test/fixtures/real/screens/${name}.txt`, ROOT), "utf8");
  return readDialog(builtin(name.split("-")[0] ?? ""), screen);
}

describe("readDialog on the real screens", () => {
  const cases: Array<[string, string[], string[]]> = [
    ["claude-permission-bash", ["Bash command", "touch /home/dev/e2e/x", "Create marker file", "Do you want to proceed?"], ["Yes", "Yes, and always allow access to amS9q4E2/ from this project", "No"]],
    ["claude-permission-edit", ["Edit file", "e2e-note.txt", "1 -old line", "1 +new line", "Do you want to make this edit to e2e-note.txt?"], ["Yes", "Yes, allow all edits during this session (shift+tab)", "No"]],
    ["claude-permission-webfetch", ["Fetch", 'url: "https://example.com/e2e", prompt: "Summarise the page"', "Claude wants to fetch content from example.com", "Do you want to allow Claude to fetch this content?"], ["Yes", "Yes, and don't ask again for example.com", "No, and tell Claude what to do differently (esc)"]],
    // Option 4 comes after a border; descriptions lie between the options; the tab row is no part of the question.
    ["claude-ask-one", ["Which colour should the marker be?"], ["Red", "Blue", "Type something.", "Chat about this"]],
    ["claude-ask-tabs-second", ["How big should the marker be?"], ["Small", "Large", "Type something.", "Chat about this"]],
    ["claude-ask-multi", ["Which extras should the marker get?"], ["[ ] Border", "[ ] Shadow", "[ ] Label", "[ ] Type something", "Chat about this"]],
    // The plan's own numbered steps above are not the dialog's options.
    ["claude-plan", ["Claude has written up a plan and is ready to execute. Would you like to proceed?"], ["Yes, and use auto mode", "Yes, manually approve edits", "Tell Claude what to change"]],
    ["claude-plan-long", ["Claude has written up a plan and is ready to execute. Would you like to proceed?"], ["Yes, and use auto mode", "Yes, manually approve edits", "Tell Claude what to change"]],
    ["claude-plan-exit", ["Exit plan mode?", "Claude wants to exit plan mode"], ["Yes", "No"]],
    ["claude-dialog-custom-api-key", ["Detected a custom API key in your environment", "ANTHROPIC_API_KEY: sk-ant-...dummy", "Do you want to use this API key?"], ["Yes", "No (recommended)"]],
    ["codex-permission", ["Would you like to run the following command?", "Environment: local", "Reason: E2E: may I create the marker file?", "$ touch /home/dev/e2e/y"], ["Yes, proceed (y)", "Yes, and don't ask again for commands that start with `touch /home/dev/e2e/y` (p)", "No, and tell Codex what to do differently (esc)"]],
    ["codex-patch-approval", ["Would you like to make the following edits?", "Description: Apply proposed file edits", "Destination: /home/dev/e2e/e2e-patched.txt"], ["Yes, proceed (y)", "Yes, and don't ask again for these files (a)", "No, and tell Codex what to do differently (esc)"]],
    // Nested boxes: the command's box inside the dialog's.
    ["gemini-permission", ["? Shell  touch /home/dev/e2e/z", "touch /home/dev/e2e/z", "Allow execution of [Shell]?"], ["Allow once", "Allow for this session", "No, suggest changes (esc)"]],
    ["gemini-question", ["Answer Questions", "Which colour should the marker be?"], ["Red", "Blue", "Enter a custom value"]],
    ["opencode-question", ["Which colour should the marker be?"], ["Red", "Blue", "Type your own answer"]],
    // droid's trust box: the question inside the box, up to the transcript's indented lines.
    ["droid-dialog-trust-folder", ["Trust this folder?", "/home/dev/e2e/work-droid-new", "Droid will read, edit, and run files in this folder, and load any project configuration it defines, including hooks", "and MCP servers that can execute commands on your machine.", "If you just cloned this folder or don't recognize its contents, review the files and any .factory configuration", "(hooks, MCP servers) before trusting it."], ["Trust this folder", "Exit without trusting"]],
  ];
  for (const [name, question, options] of cases) {
    it(name, () => {
      const dialog = read(name);
      assert.ok(dialog, `${name} shows a dialog`);
      assert.deepEqual(dialog.question, question);
      assert.deepEqual(dialog.options, options);
      assert.equal(dialog.digest, dialogDigest(question, options));
    });
  }

  it("trust dialogs: the question from the dialog's top (Claude's rule, Codex's gap)", () => {
    assert.deepEqual(read("claude-dialog-trust-folder")?.options, ["Yes, I trust this folder", "No, exit"]);
    assert.equal(read("claude-dialog-trust-folder")?.question[0], "Accessing workspace:");
    assert.deepEqual(read("codex-dialog-trust-folder")?.options, ["Trust and continue", "Back to Agent Command Center"]);
    assert.equal(read("codex-dialog-trust-folder")?.question[0], "Folder access");
  });

  it("a numbered list in the transcript, or a prompt typed as '1. Red', is no dialog", () => {
    assert.equal(read("claude-numbered-list"), null);
    assert.equal(read("claude-typed-numbered-answer"), null);
    assert.equal(read("claude-ask-answered"), null);
    assert.equal(read("claude-prose-question"), null);
    assert.equal(read("gemini-prose-question"), null);
  });

  it("an interrupted turn, an idle or working screen, and dialogs without numbered options are none", () => {
    for (const name of ["claude-interrupted", "claude-permission-rejected", "claude-idle", "claude-working", "codex-idle", "codex-interrupted", "gemini-idle", "opencode-idle"]) assert.equal(read(name), null, name);
    // The elicitation form and opencode's button row have no numbered options to pick.
    assert.equal(read("claude-mcp-elicitation"), null);
    assert.equal(read("opencode-permission"), null);
  });

  it("droid's approval box has no numbers: its choices (the manifest's) with the arrow keys that pick them, the question above the box", () => {
    const dialog = read("droid-permission");
    assert.deepEqual(dialog?.question, ["Command to approve · medium risk", "↳ touch /home/dev/e2e/work-droid/marker", "Why this needs approval: E2E: creates one empty scratch file."]);
    assert.deepEqual(dialog?.options, ["Yes, allow", "Yes, and always allow", "No, cancel"]);
    assert.deepEqual(dialog?.keys, [["Up", "Up", "Enter"], ["Up", "Up", "Down", "Enter"], ["Down", "Down", "Enter"]]);
    for (const name of ["droid-idle", "droid-working", "droid-interrupted", "droid-after-tool", "droid-prose-question"]) assert.equal(read(name), null, name);
  });
});

describe("the digest", () => {
  it("is stable for one dialog and differs when the dialog changes", () => {
    assert.equal(read("claude-plan")?.digest, read("claude-plan-long")?.digest);
    assert.equal(read("claude-permission-bash")?.digest, read("claude-permission-bash")?.digest);
    assert.notEqual(read("claude-ask-tabs")?.digest, read("claude-ask-tabs-second")?.digest);
    // What is typed into "Type something." changes the options, so the dialog.
    assert.notEqual(read("claude-ask-one")?.digest, read("claude-ask-type-something")?.digest);
    assert.notEqual(read("claude-permission")?.digest, read("claude-permission-bash")?.digest);
  });

  it("does not move with the selection marker", () => {
    const screen = readFileSync(new URL("test/fixtures/real/screens/claude-ask-one.txt", ROOT), "utf8");
    const moved = screen.replace("❯ 1. Red", "  1. Red").replace("  2. Blue", "❯ 2. Blue");
    assert.notEqual(moved, screen);
    assert.equal(readDialog(builtin("claude"), moved)?.digest, readDialog(builtin("claude"), screen)?.digest);
  });
});

describe("a manifest's dialog section", () => {
  it("says how its CLI draws options, tops and lines to skip", () => {
    const text = ["promptBox: '^> '", "dialog:", "  option: '^\\s*\\[(\\d)\\] (.+)$'", "  top: '^==='", "  skip: '^hint:'", "rules:", "  - {name: d, state: blocked, priority: 1, regex: '^\\s*\\[1\\] '}"].join("\n");
    const { manifest, problems } = parseManifest(text, "/agents/t.yml", { builtin: false });
    assert.deepEqual(problems, []);
    assert.ok(manifest);
    const dialog = readDialog(manifest, ["old", "===", "Go on?", "hint: pick one", "[1] Yes", "[2] No"].join("\n"));
    assert.deepEqual(dialog?.question, ["Go on?"]);
    assert.deepEqual(dialog?.options, ["Yes", "No"]);
  });

  it("a dialog drawn without numbers: its choices, anchored at the last line showing the first one, with their keys", () => {
    const text = ["dialog:", "  choices:", "    - {label: Approve, keys: [y]}", "    - {label: Deny, keys: [n]}", "rules:", "  - {name: d, state: blocked, priority: 1, regex: '\\[y\\] Approve'}"].join("\n");
    const { manifest, problems } = parseManifest(text, "/agents/t.yml", { builtin: false });
    assert.deepEqual(problems, []);
    assert.ok(manifest);
    const dialog = readDialog(manifest, ["> Approve the plan, please", "", "", "Approve tool call?", "  run_commands: touch /tmp/x", "", "[y] Approve  [n] Deny", ""].join("\n"));
    assert.deepEqual(dialog?.question, ["Approve tool call?", "run_commands: touch /tmp/x"]);
    assert.deepEqual(dialog?.options, ["Approve", "Deny"]);
    assert.deepEqual(dialog?.keys, [["y"], ["n"]]);
    assert.equal(readDialog(manifest, "Approve it\n"), null, "not blocked: no dialog");
  });

  it("refuses choices without a label or keys, or with a key tmux does not know", () => {
    const problemsOf = (choices: string) => parseManifest(`dialog:\n  choices: ${choices}\nrules:\n  - {name: d, state: blocked, priority: 1, regex: x}`, "/agents/t.yml", { builtin: false }).problems.map((p) => `${p.key}: ${p.message}`);
    assert.deepEqual(problemsOf("[]"), ["dialog.choices: no choices"]);
    assert.deepEqual(problemsOf("[{keys: [y]}]"), ["dialog.choices[0]: choice has no label"]);
    assert.deepEqual(problemsOf("[{label: Yes}]"), ['dialog.choices[0]: choice "Yes" has no keys']);
    assert.deepEqual(problemsOf("[{label: Yes, keys: ['send-keys -t x']}]"), ['dialog.choices[0].keys: "send-keys -t x" is not a key']);
  });

  it("rejects a regex that does not compile, naming its key", () => {
    const { manifest, problems } = parseManifest("dialog:\n  option: '('\nrules:\n  - {name: d, state: blocked, priority: 1, regex: x}", "/agents/t.yml", { builtin: false });
    assert.equal(manifest, null);
    assert.equal(problems[0]?.key, "dialog.option");
  });
});
