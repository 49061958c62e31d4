import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { removeTable } from "../../../../src/backends/codex/config.ts";
import { codexMcp, withAgentmuxServer } from "../../../../src/backends/codex/mcp.ts";
import { throwsLine } from "../../../helpers/assert-error.ts";

const TABLE = ["mcp_servers", "agentmux"];

describe("Codex: agentmux's MCP server in config.toml, and out of it again", () => {
  it("appended as a [mcp_servers.agentmux] table; the user's lines untouched", () => {
    const text = "model = \"o3\"\n\n[tui]\ntheme = \"dark\"\n";
    assert.equal(withAgentmuxServer(text, ["agentmux", "mcp"]), `${text}\n[mcp_servers.agentmux]\ncommand = "agentmux"\nargs = ["mcp"]\n`);
  });
  it("an existing table keeps its other keys (env), its command and args set", () => {
    const text = "[mcp_servers.agentmux]\ncommand = \"/old/agentmux\"\nstartup_timeout_sec = 20\n";
    assert.equal(withAgentmuxServer(text, ["agentmux", "mcp"]), "[mcp_servers.agentmux]\nargs = [\"mcp\"]\ncommand = \"agentmux\"\nstartup_timeout_sec = 20\n");
  });
  it("removed with its sub-tables; other servers and the text around stay; adding then removing gives back the file", () => {
    const text = "model = \"o3\"\n\n[mcp_servers.other]\ncommand = \"x\"\n";
    assert.equal(removeTable(withAgentmuxServer(text, ["agentmux", "mcp"]), TABLE), text);
    const between = "[a]\nk = 1\n\n[mcp_servers.agentmux]\ncommand = \"agentmux\"\n\n[mcp_servers.agentmux.env]\nX = \"1\"\n\n[b]\nk = 2\n";
    assert.equal(removeTable(between, TABLE), "[a]\nk = 1\n\n[b]\nk = 2\n");
    assert.equal(removeTable(text, TABLE), text);
  });
  it("a dotted or inline form is refused, naming it, the file untouched", () => {
    throwsLine(() => removeTable("mcp_servers.agentmux.command = \"x\"\n", TABLE, "/h/config.toml"), /^\/h\/config\.toml: mcp_servers\.agentmux is written in a form agentmux cannot edit \(mcp_servers\.agentmux\.command\) \(remove it by hand; the file was left untouched\)$/);
    throwsLine(() => removeTable("mcp_servers = { agentmux = { command = \"x\" } }\n", TABLE), /cannot edit/);
  });
  it("add and remove write $CODEX_HOME/config.toml, backing the old text up; a second add changes nothing", () => {
    const home = mkdtempSync(join(tmpdir(), "agentmux-codex-mcp-"));
    try {
      const file = join(home, "config.toml");
      writeFileSync(file, "model = \"o3\"\n");
      assert.match(codexMcp.add?.(["agentmux", "mcp"], { CODEX_HOME: home }) ?? "", /config\.toml: \[mcp_servers\.agentmux\] runs agentmux mcp \(the old file is .*agentmux-backup/);
      assert.equal(codexMcp.add?.(["agentmux", "mcp"], { CODEX_HOME: home }), null);
      assert.match(readFileSync(file, "utf8"), /\[mcp_servers\.agentmux\]\ncommand = "agentmux"\nargs = \["mcp"\]/);
      assert.match(codexMcp.remove?.({ CODEX_HOME: home }) ?? "", /\[mcp_servers\.agentmux\] removed/);
      assert.equal(readFileSync(file, "utf8"), "model = \"o3\"\n");
      assert.equal(codexMcp.remove?.({ CODEX_HOME: home }), null);
      assert.equal(readdirSync(home).filter((f) => f.includes("agentmux-backup")).length, 2);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
