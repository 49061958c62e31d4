import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { discoverSkills, projectDirs } from "../../../src/skills/discover.ts";
import { makeFifo } from "../../helpers/fifo.ts";
import { evalInChild, srcUrl } from "../../helpers/in-child.ts";

let root: string;
let savedHome: string | undefined;

function skill(dir: string, name: string, frontmatter = `name: ${JSON.stringify(name)}\ndescription: the ${name} skill\n`): string {
  const path = join(dir, name);
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, "SKILL.md"), `---\n${frontmatter}---\nDo it.\n`);
  return path;
}

describe("discoverSkills", () => {
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "agentmux skills ✓ "));
    savedHome = process.env["HOME"];
    process.env["HOME"] = join(root, "home");
  });
  afterEach(() => {
    if (savedHome === undefined) delete process.env["HOME"]; else process.env["HOME"] = savedHome;
    rmSync(root, { recursive: true, force: true });
  });

  function layout() {
    const claudeHome = join(root, "claude home #1");
    const codexHome = join(root, "codex 100%");
    const project = join(root, "repo 'q'", "sub dir");
    mkdirSync(join(root, "repo 'q'", ".git"), { recursive: true });
    mkdirSync(project, { recursive: true });
    skill(join(claudeHome, "skills"), "review");
    skill(join(claudeHome, "skills"), "only-claude");
    skill(join(codexHome, "skills"), "review");
    skill(join(root, "home", ".agents", "skills"), "agents-wide");
    skill(join(root, "repo 'q'", ".claude", "skills"), "repo skill é");
    skill(join(project, ".codex", "skills"), "nearby");
    skill(join(project, ".agents", "skills"), "hidden", "name: .x\n");
    mkdirSync(join(codexHome, "skills", ".system", "sys"), { recursive: true });
    writeFileSync(join(codexHome, "skills", ".system", "sys", "SKILL.md"), "---\nname: sys\n---\n");
    mkdirSync(join(codexHome, "skills", "no-skill-md"), { recursive: true });
    const configured = join(root, "batch only");
    skill(configured, "review");
    skill(configured, "audit #2");
    const linked = skill(join(root, "elsewhere"), "linked one");
    symlinkSync(linked, join(claudeHome, "skills", "linked one"));
    return { claudeHome, codexHome, project, configured };
  }

  it("finds global, project (up to the repository root) and configured skills, and qualifies a name several backends have", () => {
    const { claudeHome, codexHome, project, configured } = layout();
    const found = discoverSkills({ cwd: project, homes: { claude: claudeHome, codex: codexHome }, configured: [configured] });
    assert.deepEqual(found.problems, []);
    const rows = found.skills.map((s) => [s.id, s.backend, s.scope]);
    assert.deepEqual(rows, [
      ["linked one", "claude", "global"],
      ["only-claude", "claude", "global"],
      ["claude:review", "claude", "global"],
      ["repo skill é", "claude", "project"],
      ["codex:review", "codex", "global"],
      ["agents-wide", "codex", "global"],
      [".x", "codex", "project"],
      ["nearby", "codex", "project"],
      ["audit #2", null, "configured"],
      ["config:review", null, "configured"],
    ]);
    const review = found.skills.find((s) => s.id === "codex:review");
    assert.equal(review?.file, join(codexHome, "skills", "review", "SKILL.md"));
    assert.equal(review?.meta.description, "the review skill");
  });

  it("--backend keeps that backend's skills and the configured ones; ids are qualified only among what is listed", () => {
    const { claudeHome, codexHome, project, configured } = layout();
    const found = discoverSkills({ cwd: project, homes: { claude: claudeHome, codex: codexHome }, configured: [configured], backend: "codex" });
    assert.deepEqual(found.skills.map((s) => s.id), ["codex:review", "agents-wide", ".x", "nearby", "audit #2", "config:review"]);
  });

  it("a malformed SKILL.md is a problem naming the file, its line and the key; the others are still found", () => {
    const { claudeHome, project } = layout();
    skill(join(claudeHome, "skills"), "broken", "name: broken\nuser-invocable: sometimes\n");
    const found = discoverSkills({ cwd: project, homes: { claude: claudeHome }, configured: [], backend: "claude" });
    assert.equal(found.problems.length, 1);
    assert.equal(found.problems[0]?.name, "broken");
    assert.match(found.problems[0]?.error.message ?? "", /broken\/SKILL\.md:3: frontmatter key "user-invocable"/);
    assert.ok(found.skills.some((s) => s.id === "only-claude"));
  });

  it("a SKILL.md that is a link to /dev/zero, or a FIFO, is a problem saying what it is; the others are still found", () => {
    const { claudeHome, project } = layout();
    const repoSkills = join(root, "repo 'q'", ".claude", "skills");
    mkdirSync(join(repoSkills, "zero"));
    symlinkSync("/dev/zero", join(repoSkills, "zero", "SKILL.md"));
    mkdirSync(join(repoSkills, "fifo"));
    const stop = makeFifo(join(repoSkills, "fifo", "SKILL.md"));
    try {
      // In a child: the old reader read /dev/zero until memory ran out (18.5 GB) and blocked on the FIFO.
      const found = evalInChild<{ ids: string[]; problems: Array<{ name: string; error: string }> }>(`
        process.env.HOME = ${JSON.stringify(join(root, "home"))};
        const { discoverSkills } = await import(${JSON.stringify(srcUrl("skills/discover.ts"))});
        const found = discoverSkills({ cwd: ${JSON.stringify(project)}, homes: { claude: ${JSON.stringify(claudeHome)} }, configured: [], backend: "claude" });
        process.stdout.write(JSON.stringify({ ids: found.skills.map((s) => s.id), problems: found.problems.map((p) => ({ name: p.name, error: p.error.message })) }));`);
      assert.deepEqual(found.problems, [
        { name: "fifo", error: `${join(repoSkills, "fifo", "SKILL.md")} is a FIFO, not a regular file` },
        { name: "zero", error: `${join(repoSkills, "zero", "SKILL.md")} is a character device, not a regular file` },
      ]);
      assert.ok(found.ids.includes("repo skill é") && found.ids.includes("only-claude"));
    } finally {
      stop();
    }
  });

  it("within one backend the first skill of a name wins (global before project)", () => {
    const { claudeHome, project } = layout();
    skill(join(root, "repo 'q'", ".claude", "skills"), "only-claude");
    const found = discoverSkills({ cwd: project, homes: { claude: claudeHome }, configured: [], backend: "claude" });
    const mine = found.skills.filter((s) => s.name === "only-claude");
    assert.equal(mine.length, 1);
    assert.equal(mine[0]?.scope, "global");
  });

  it("projectDirs walks up to the directory holding .git, or stays in the directory when none does", () => {
    const { project } = layout();
    assert.deepEqual(projectDirs(project), [project, join(root, "repo 'q'")]);
    const loose = join(root, "loose");
    mkdirSync(loose);
    assert.deepEqual(projectDirs(loose), [loose]);
  });
});
