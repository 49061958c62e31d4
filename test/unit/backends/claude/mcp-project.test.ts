import { afterEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addProjectServer, projectMcpFile, removeProjectServer } from "../../../../src/backends/claude/mcp-project.ts";

describe("agentmux's MCP server in a project's .mcp.json (Claude Code's project scope)", () => {
  const dirs: string[] = [];
  const project = () => { const d = mkdtempSync(join(tmpdir(), "agentmux-mcp-project- ")); dirs.push(d); return d; };
  afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });
  const read = (dir: string) => JSON.parse(readFileSync(projectMcpFile(dir), "utf8")) as Record<string, unknown>;

  it("adds it to a project without one; again changes nothing; removes it", () => {
    const dir = project();
    assert.match(addProjectServer(dir, ["agentmux", "mcp"]) ?? "", /\.mcp\.json: agentmux runs agentmux mcp for this project/);
    assert.deepEqual(read(dir), { mcpServers: { agentmux: { type: "stdio", command: "agentmux", args: ["mcp"] } } });
    assert.equal(addProjectServer(dir, ["agentmux", "mcp"]), null);
    assert.match(removeProjectServer(dir) ?? "", /agentmux removed/);
    assert.deepEqual(read(dir), { mcpServers: {} });
    assert.equal(removeProjectServer(dir), null);
  });

  it("keeps the project's other servers and keys, and backs the old file up", () => {
    const dir = project();
    const theirs = { mcpServers: { db: { command: "db-mcp", args: ["--ro"] } }, note: "ours" };
    writeFileSync(projectMcpFile(dir), JSON.stringify(theirs));
    assert.match(addProjectServer(dir, ["agentmux", "mcp"]) ?? "", /the old file is .*\.mcp\.json\.agentmux-backup-/);
    assert.deepEqual(read(dir), { mcpServers: { db: theirs.mcpServers.db, agentmux: { type: "stdio", command: "agentmux", args: ["mcp"] } }, note: "ours" });
    removeProjectServer(dir);
    assert.deepEqual(read(dir), theirs);
    assert.equal(readdirSync(dir).filter((n) => n.includes("agentmux-backup")).length, 2);
  });

  it("refuses a file it cannot trust, changing nothing: not JSON, not an object, a FIFO", () => {
    const bad = project();
    writeFileSync(projectMcpFile(bad), "{ nope");
    assert.throws(() => addProjectServer(bad, ["agentmux", "mcp"]), /is not valid JSON/);
    assert.equal(readFileSync(projectMcpFile(bad), "utf8"), "{ nope");
    const list = project();
    writeFileSync(projectMcpFile(list), "[1]");
    assert.throws(() => addProjectServer(list, ["agentmux", "mcp"]), /is not a JSON object/);
    const fifo = project();
    execFileSync("mkfifo", [projectMcpFile(fifo)]);
    assert.throws(() => addProjectServer(fifo, ["agentmux", "mcp"]), /not a regular file/);
  });
});
