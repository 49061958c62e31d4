import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { popupLoginCommand } from "../../../src/cli/account-login.ts";
import { popupScript, readPopupStatus } from "../../../src/tmux/popup.ts";

/** Run a popup script as the popup would (sh -c), with `input` typed on its stdin. */
function runScript(command: string, hold: boolean, input = "") {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-popup-test-"));
  const file = join(dir, "status");
  const r = spawnSync("sh", ["-c", popupScript(command, file, hold)], { input, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, status: existsSync(file) ? readFileSync(file, "utf8") : undefined, leftovers: existsSync(`${file}.tmp`) };
}

describe("the popup wrapper", () => {
  it("records the command's exit status and exits with it", () => {
    const ok = runScript("echo hi", false);
    assert.deepEqual([ok.code, ok.status, ok.leftovers], [0, "0\n", false]);
    assert.deepEqual(readPopupStatus(ok.status, ""), { kind: "exited", exitCode: 0 });
    const bad = runScript("echo no >&2; exit 3", false);
    assert.deepEqual([bad.code, bad.status], [3, "3\n"]);
    assert.deepEqual(readPopupStatus(bad.status, "tmux display-popup failed"), { kind: "exited", exitCode: 3 });
  });

  it("keeps a failed popup open until Enter; a success closes at once", () => {
    const held = runScript("exit 2", true, "\n");
    assert.deepEqual([held.code, held.status], [2, "2\n"]);
    assert.match(held.stdout, /\(press Enter\)/);
    const ok = runScript("true", true);
    assert.deepEqual([ok.code, ok.stdout], [0, ""]);
  });

  it("a command with quotes and semicolons runs as written", () => {
    const r = runScript(`printf '%s;' "a b" 'c'"'"'d'`, false);
    assert.deepEqual([r.code, r.stdout], [0, "a b;c'd;"]);
  });

  it("no status file: the popup never ran; a started mark only: it closed before the command ended", () => {
    assert.deepEqual(readPopupStatus(undefined, "no current client"), { kind: "not-shown", reason: "no current client" });
    assert.equal(readPopupStatus(undefined, "").kind, "not-shown");
    assert.deepEqual(readPopupStatus("started", ""), { kind: "interrupted" });
  });

  it("the login popup runs this agentmux inline for the account, with the caller's agentmux environment", () => {
    const line = popupLoginCommand("'node' 'agentmux.js' '-L' 'x'", "codex", { name: "cx", home: "/h/cx", pool: undefined, properties: {} }, {
      PATH: "/bin", AGENTMUX_HOME: "/a b", AGENTMUX_SOCK: "/s", TMUX: "/t", SECRET: "s",
    });
    assert.equal(line, `printf '%s\\n\\n' 'Logging in codex account cx (CODEX_HOME=/h/cx)'; env 'PATH=/bin' 'AGENTMUX_HOME=/a b' 'node' 'agentmux.js' '-L' 'x' account login 'cx' --backend codex --no-popup`);
  });
});
