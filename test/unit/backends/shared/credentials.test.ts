import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readCredentialsFile } from "../../../../src/backends/shared/credentials.ts";
import { callInChild } from "../../../helpers/in-child.ts";

describe("readCredentialsFile", () => {
  const root = mkdtempSync(join(tmpdir(), "agentmux-creds-"));
  after(() => rmSync(root, { recursive: true, force: true }));

  it("gives the file's path and its text", () => {
    const home = join(root, "work # 1");
    mkdirSync(home);
    writeFileSync(join(home, "auth.json"), '{"token":"é"}');
    assert.deepEqual(readCredentialsFile(home, "auth.json"), { where: join(home, "auth.json"), text: '{"token":"é"}' });
  });
  it("a missing file: the path it looked at, and no text (logged out)", () => {
    assert.deepEqual(readCredentialsFile(join(root, "nowhere"), ".credentials.json"), { where: join(root, "nowhere", ".credentials.json"), text: undefined });
  });
  it("a credentials path that cannot be read as a file: no text, no throw", () => {
    const home = join(root, "dir-instead");
    mkdirSync(join(home, "auth.json"), { recursive: true });
    assert.equal(readCredentialsFile(home, "auth.json").text, undefined);
  });
  it("a credentials file that is a link to /dev/zero: no text, not read (the daemon's usage poll reads these)", () => {
    const home = join(root, "zero");
    mkdirSync(home);
    symlinkSync("/dev/zero", join(home, "auth.json"));
    // In a child: the old reader read /dev/zero until memory ran out.
    assert.deepEqual(callInChild("backends/shared/credentials.ts", "readCredentialsFile", [[home, "auth.json"]]), [{ value: { where: join(home, "auth.json") } }]);
  });
});
