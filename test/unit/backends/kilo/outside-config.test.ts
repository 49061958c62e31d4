import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { kiloOutsideConfig } from "../../../../src/backends/kilo/outside-config.ts";
import { installDir } from "../../../../src/util/install-dir.ts";

const hook = "/opt/agent mux/it's $HOME/shell/agentmux-hook";

describe("init --agents: Kilo's part", () => {
  const lines = kiloOutsideConfig({ hook, statusLine: "/unused" });
  const home = mkdtempSync(join(tmpdir(), "agentmux-kilo-outside-"));
  after(() => rmSync(home, { recursive: true, force: true }));

  it("the install command, run by a shell, copies agentmux's Kilo plugin into Kilo's plugin directory", () => {
    assert.equal(lines[0], "## Kilo: install the plugin that forwards its session events");
    // HOME is a scratch directory: the command's ~ must never reach the user's own.
    execFileSync("/bin/sh", ["-c", lines[1] ?? ""], { env: { PATH: "/usr/bin:/bin", HOME: home } });
    assert.equal(readFileSync(join(home, ".config", "kilo", "plugin", "agentmux.js"), "utf8"), readFileSync(join(installDir(), "etc", "kilo", "agentmux.js"), "utf8"));
  });

  it("names the forwarder for AGENTMUX_HOOK, quoted so a shell keeps it whole", () => {
    const line = lines[2] ?? "";
    assert.match(line, /^## \.\.\. with AGENTMUX_HOOK=.* in Kilo's environment \(or agentmux-hook on PATH\)$/);
    const assignment = line.slice("## ... with ".length, line.indexOf(" in Kilo's environment"));
    assert.equal(execFileSync("/bin/sh", ["-c", `${assignment}; printf %s "$AGENTMUX_HOOK"`], { encoding: "utf8", env: { HOME: home } }), hook);
    assert.equal(lines.at(-1), "");
  });
});
