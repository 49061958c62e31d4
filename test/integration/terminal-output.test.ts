import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { TestServer } from "../helpers/tmux-server.ts";

/**
 * Text from files, registries, directories and model output reaches the user's terminal as text:
 * an escape that clears the screen, an OSC 52 clipboard write, a newline that forges a table row or
 * a right-to-left override is written out as its escape, never sent raw. What agentmux prints of
 * its own (the table's shape) stays as it is.
 */
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-termout-")));
const CLEAR = "\x1b[2J";
const CLIPBOARD = "\x1b]52;c;ZWNobyBwd25lZA==\x07";
/** Bytes a terminal acts on: ESC, BEL, CR, C1, a right-to-left override (a newline is checked per case). */
const acting = (text: string) => text.match(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g) ?? [];

describe("what agentmux prints from outside is safe for a terminal", () => {
  const server = new TestServer({ HOME: userHome });
  const forged = join(server.work, "a\nFAKE  forged-row\u202eevil");

  before(async () => {
    mkdirSync(forged, { recursive: true });
    mkdirSync(join(userHome, "p", "one"), { recursive: true });
    writeFileSync(join(userHome, "registry.json"), JSON.stringify({ projects: [
      { id: `one${CLEAR}`, summary: `clipboard ${CLIPBOARD} then\nnext line`, repo_paths: [join(userHome, "p", "one")] },
    ] }));
    const skills = join(server.work, ".claude", "skills", "z");
    mkdirSync(skills, { recursive: true });
    writeFileSync(join(skills, "SKILL.md"), `---\ndescription: "clears ${CLEAR} and copies ${CLIPBOARD.replace("\x07", "\\a")}"\n---\nDo it.\n`);
    writeConfig(server.home, { projects: { sources: [{ account: "", sources: ["~/registry.json"] }] } });
    await server.start();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("list: a directory with a newline and a right-to-left override is one row, its bytes written out", async () => {
    const r = await server.cli(["new", "--command", "sleep 600", "--dir", forged, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const list = await server.cli(["list"]);
    assert.equal(list.exitCode, 0, String(list.stderr));
    const out = String(list.stdout);
    assert.deepEqual(acting(out), []);
    assert.equal(out.trim().split("\n").length, 2, out);
    assert.ok(out.includes("a\\nFAKE  forged-row\\u202eevil"), out);
    const json = await server.cli(["list", "--json"]);
    assert.deepEqual(acting(String(json.stdout)), []);
    assert.ok((JSON.parse(String(json.stdout)) as { dir: string }[]).some((s) => s.dir === forged), "the JSON carries the name itself");
  });

  it("projects: a registry's clear-screen and clipboard write are written out", async () => {
    const r = await server.cli(["projects"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const out = String(r.stdout);
    assert.deepEqual(acting(out), [], JSON.stringify(out));
    assert.ok(out.includes("one\\e[2J"), out);
    assert.ok(out.includes("\\e]52;c;ZWNobyBwd25lZA==\\x07"), out);
    assert.equal(out.trim().split("\n").length, 1, out);
  });

  it("skill list: a description's escapes are written out", async () => {
    const r = await server.cli(["skill", "list", "--dir", server.work]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.deepEqual(acting(String(r.stdout)), [], JSON.stringify(String(r.stdout)));
    assert.match(String(r.stdout), /clears \\e\[2J and copies \\e\]52;c;/u);
  });

  it("an error naming text from outside writes its bytes out", async () => {
    const r = await server.cli(["route", `not a thing${CLEAR}${CLIPBOARD}`]);
    assert.notEqual(r.exitCode, 0);
    assert.deepEqual(acting(String(r.stderr)), [], JSON.stringify(String(r.stderr)));
    assert.match(String(r.stderr), /not a thing\\e\[2J\\e\]52/u);
  });
});
