import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { capturePrompt, captureTemplate, editorCommand, entryFromEdited } from "../../../src/prompts/capture.ts";
import { evalInChild, srcUrl } from "../../helpers/in-child.ts";
import { loadCapture } from "../../../src/prompts/store.ts";

const root = mkdtempSync(join(tmpdir(), "agentmux-prompts-capture-"));
after(() => rmSync(root, { recursive: true, force: true }));
const now = new Date(2026, 11, 1, 20, 30);
const session = { name: "app 'x' #1", backend: "claude", account: "", dir: "/src/app", instance: "ü" };

/** An editor that writes its script's output into the file it is given (as `$EDITOR FILE`). */
function editor(name: string, sh: string): string {
  const path = join(root, name);
  writeFileSync(path, `#!/bin/sh\n${sh}\n`);
  chmodSync(path, 0o755);
  return `'${path}'`;
}

describe("capturing a prompt", () => {
  it("the template holds one note line, which is not part of the prompt", () => {
    const template = captureTemplate("a --> b\nc");
    assert.equal(template.split("\n").filter(Boolean).length, 1);
    assert.doesNotMatch(template, /-->.*-->/, "a name cannot end the comment early");
    assert.equal(entryFromEdited(template, now), null, "unchanged: nothing");
    assert.equal(entryFromEdited(`${template}\n   \n`, now), null, "blank: nothing");
    assert.deepEqual(entryFromEdited(`${template}fix it\r\n\nplease\n\n`, now), { time: "2026-12-01 20:30", title: "fix it", body: "fix it\n\nplease" });
  });

  it("the editor is $VISUAL, else $EDITOR, else vi", () => {
    assert.equal(editorCommand({ VISUAL: "code -w", EDITOR: "nano" }), "code -w");
    assert.equal(editorCommand({ VISUAL: " ", EDITOR: "nano" }), "nano");
    assert.equal(editorCommand({}), "vi");
  });

  it("appends what was written to the session's file; an untouched template adds nothing", async () => {
    const seen = join(root, "seen");
    const env = { ...process.env, VISUAL: "", EDITOR: editor("write", `printf '%s' "$1" > '${seen}'; printf '## a heading\\nbody ✓\\n' >> "$1"`) };
    const done = await capturePrompt({ session, popup: null, env, stateDir: root, now: () => now });
    assert.ok(done.captured);
    const untouched = await capturePrompt({ session, popup: null, env: { ...env, EDITOR: "true" }, stateDir: root, now: () => now });
    assert.equal(untouched.captured, false);
    assert.deepEqual(loadCapture(session, root).entries, [{ time: "2026-12-01 20:30", title: "## a heading", body: "## a heading\nbody ✓" }]);
    assert.equal(existsSync(readFileSync(seen, "utf8")), false, "the draft is removed");
  });

  it("an editor that fails captures nothing, with the editor named", async () => {
    const env = { ...process.env, VISUAL: editor("fail", `echo text >> "$1"; exit 3`) };
    await assert.rejects(capturePrompt({ session: { ...session, instance: "f" }, popup: null, env, stateDir: root }), /exited with status 3: nothing captured/);
    assert.deepEqual(loadCapture({ ...session, instance: "f" }, root).entries, []);
  });

  it("a draft the editor left as a link to /dev/zero is refused, not read", () => {
    const script = editor("zero", `rm -f "$1"; ln -s /dev/zero "$1"`);
    // In a child: the old reader read /dev/zero until memory ran out.
    const outcome = evalInChild<{ error: string }>(`
      const { capturePrompt } = await import(${JSON.stringify(srcUrl("prompts/capture.ts"))});
      try { await capturePrompt({ session: ${JSON.stringify({ ...session, instance: "z" })}, popup: null, env: { ...process.env, VISUAL: ${JSON.stringify(script)} }, stateDir: ${JSON.stringify(root)} }); process.stdout.write(JSON.stringify({ error: "" })); }
      catch (error) { process.stdout.write(JSON.stringify({ error: error.message })); }`);
    assert.match(outcome.error, /prompt\.md is a character device, not a regular file$/);
  });
});
