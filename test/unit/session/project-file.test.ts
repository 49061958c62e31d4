import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeFifo } from "../../helpers/fifo.ts";
import { evalInChild, srcUrl } from "../../helpers/in-child.ts";
import { parseProjectFile } from "../../../src/session/project-file.ts";

describe("the project file allow list", () => {
  it("parses sessions and watches; a watch without a pattern is an error naming the file", () => {
    assert.deepEqual(parseProjectFile("sessions:\n  - name: web\n    watch:\n      - pattern: X\n      - {pattern: Y, notify: false}\n", "f"), [{ name: "web", watch: [{ pattern: "X", notify: true }, { pattern: "Y", notify: false }] }]);
    assert.throws(() => parseProjectFile("sessions:\n  - name: web\n    watch:\n      - notify: true\n", "/r/.agentmux.yml"), /^AgentmuxError: \/r\/\.agentmux\.yml: session web: a watch without a pattern$/);
  });
});

describe("a project file that is not a regular file", () => {
  // In a child: the old reader blocked on a FIFO for ever and read /dev/zero until memory ran out.
  const refused = (setUp: (file: string) => (() => void) | void, why: RegExp) => () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-project-"));
    const file = join(dir, ".agentmux.yml");
    const cleanUp = setUp(file);
    try {
      const { read, said } = evalInChild<{ read: unknown; said: string[] }>(`
        const { allowedProjectFile } = await import(${JSON.stringify(srcUrl("session/project-file.ts"))});
        const said = [];
        const read = allowedProjectFile(${JSON.stringify(dir)}, { stateDir: ${JSON.stringify(join(dir, "state"))}, notice: (l) => said.push(l) });
        process.stdout.write(JSON.stringify({ read, said }));`);
      assert.equal(read, null);
      assert.equal(said.length, 1, said.join("\n"));
      assert.match(said[0] ?? "", why);
      assert.ok((said[0] ?? "").startsWith(`${file} `), "the notice names the file");
      assert.match(said[0] ?? "", /its watchers and settings are ignored/);
    } finally {
      cleanUp?.();
      rmSync(dir, { recursive: true, force: true });
    }
  };
  it("a link to /dev/zero is ignored and reported, not read", refused((file) => { symlinkSync("/dev/zero", file); }, /is a character device, not a regular file/));
  it("a FIFO is ignored and reported, not waited on", refused((file) => makeFifo(file), /is a FIFO, not a regular file/));
  it("a file larger than 256 KiB is ignored and reported", refused((file) => { writeFileSync(file, `# ${"x".repeat(256 * 1024)}\n`); }, /is larger than 256 KiB/));
});
