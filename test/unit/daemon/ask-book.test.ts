import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { ASK_OPTION, parseAsk } from "../../../src/core/ask.ts";
import { AskBook } from "../../../src/daemon/ask-book.ts";
import { INTERRUPTED } from "../../../src/daemon/ask-build.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import { parseManifest } from "../../../src/detect/parse.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";

const ROOT = new URL("../../../", import.meta.url);
const file = new URL("manifests/claude.yml", ROOT);
const claude = parseManifest(readFileSync(file, "utf8"), file.pathname, { builtin: true }).manifest!;
const screen = (name: string) => readFileSync(new URL(`test/fixtures/real/screens/${name}.txt`, ROOT), "utf8");
const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;

function setup(lastAnswer?: (t: Tracked) => string | null) {
  const t: Tracked = trackedFromPane({ ...fields, pane: "%21", backend: "claude", dir: "/w" });
  const options = new Map<string, string>();
  const calls: string[] = [];
  let shown: string | null = screen("claude-working");
  const book = new AskBook({
    setOption: async (pane, name, value) => { calls.push(`set ${pane}`); options.set(name, value); },
    unsetOption: async (pane, name) => { calls.push(`unset ${pane}`); options.delete(name); },
    capture: async () => shown,
    manifest: () => claude,
    ...(lastAnswer ? { lastAnswer } : {}),
    changed: () => calls.push("changed"),
    log: () => undefined,
  });
  const state = (s: Tracked["machine"]["state"]) => { t.machine = { ...t.machine, state: s, since: Date.now() }; };
  return { t, book, options, calls, state, show: (name: string) => { shown = screen(name); } };
}

describe("AskBook", () => {
  it("a permission: the hook's text at once, the dialog's options once it is drawn, published on the pane", async () => {
    const { t, book, options, calls, state, show } = setup();
    book.hookEvent(t, "UserPromptSubmit", { prompt: "go" });
    book.hookEvent(t, "PreToolUse", { tool_name: "Bash", tool_input: { command: "touch /home/dev/e2e/x", description: "Create marker file" } });
    state("blocked");
    await book.stateChanged(t);
    assert.equal(book.get("%21")?.summary, "Bash: touch /home/dev/e2e/x");
    assert.deepEqual(book.get("%21")?.options, [], "no dialog on screen yet");
    show("claude-permission-bash");
    await book.screenSeen(t, screen("claude-permission-bash"));
    const ask = book.get("%21");
    assert.deepEqual(ask?.options, ["Yes", "Yes, and always allow access to amS9q4E2/ from this project", "No"]);
    assert.notEqual(ask?.dialog, "");
    assert.deepEqual(parseAsk(options.get(ASK_OPTION) ?? ""), ask);
    const published = calls.filter((c) => c === "set %21").length;
    await book.screenSeen(t, screen("claude-permission-bash"));
    assert.equal(calls.filter((c) => c === "set %21").length, published, "the same dialog again publishes nothing");
  });

  it("the answer when waiting; unset when the session works again; a new prompt forgets the last turn", async () => {
    const { t, book, options, state } = setup();
    book.hookEvent(t, "Stop", { last_assistant_message: "Hello from the fake model." });
    state("waiting");
    await book.stateChanged(t);
    assert.equal(book.get("%21")?.kind, "answer");
    assert.ok(options.has(ASK_OPTION));
    book.hookEvent(t, "UserPromptSubmit", { prompt: "next" });
    state("working");
    await book.stateChanged(t);
    assert.equal(book.get("%21"), null);
    assert.equal(options.has(ASK_OPTION), false);
    state("waiting");
    await book.stateChanged(t);
    assert.equal(book.get("%21"), null, "the answer was the last turn's");
  });

  it("a dialog without hooks: read from the screen captured when the session blocked", async () => {
    const { t, book, state, show } = setup();
    show("claude-dialog-trust-folder");
    t.cause = { why: "permission" };
    state("blocked");
    await book.stateChanged(t);
    assert.deepEqual([book.get("%21")?.source, book.get("%21")?.options], ["screen", ["Yes, I trust this folder", "No, exit"]]);
  });

  it("a screen seen while not blocked changes nothing; forget tells the inbox", async () => {
    const { t, book, calls, state } = setup();
    state("working");
    await book.screenSeen(t, screen("claude-permission-bash"));
    assert.equal(book.get("%21"), null);
    book.hookEvent(t, "Stop", { last_assistant_message: "hi" });
    state("waiting");
    await book.stateChanged(t);
    calls.length = 0;
    book.forget("%21");
    assert.deepEqual(calls, ["changed"]);
    assert.equal(book.get("%21"), null);
  });

  it("a waiting session no hook told the answer of: the transcript's last answer, read once", async () => {
    let reads = 0;
    const { t, book, state } = setup(() => { reads++; return "From the transcript.\nSecond line."; });
    state("waiting");
    await book.stateChanged(t);
    assert.deepEqual([book.get("%21")?.source, book.get("%21")?.text], ["transcript", ["From the transcript.", "Second line."]]);
    await book.stateChanged(t);
    assert.equal(reads, 1);
    book.hookEvent(t, "Stop", { last_assistant_message: "From the hook." });
    await book.stateChanged(t);
    assert.deepEqual([book.get("%21")?.source, book.get("%21")?.summary], ["hook", "From the hook."]);
  });

  it("an Ask an earlier daemon left on the pane is unset once the session needs nothing", async () => {
    const { t, book, calls, state } = setup();
    state("working");
    await book.stateChanged(t);
    await book.stateChanged(t);
    assert.deepEqual(calls, ["unset %21"], "once, and nothing for the inbox to push");
  });

  it("a dialog the user escaped (the turn interrupted there): the tool no longer waits", async () => {
    const { t, book, state, show } = setup();
    book.hookEvent(t, "PermissionRequest", { tool_name: "WebFetch", tool_input: { url: "https://example.com/e2e" } });
    show("claude-permission-webfetch");
    state("blocked");
    await book.stateChanged(t);
    assert.equal(book.get("%21")?.kind, "permission");
    await book.screenSeen(t, screen("claude-permission-rejected"));
    assert.deepEqual([book.get("%21")?.kind, book.get("%21")?.summary, book.get("%21")?.dialog], ["dialog", INTERRUPTED, ""]);
  });
});
