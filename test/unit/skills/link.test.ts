import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseSkillFrontmatter } from "../../../src/skills/frontmatter.ts";
import { applyLinks, bundledSkills, hasChanges, planLinks, toolHomes } from "../../../src/skills/link.ts";
import { callInChild } from "../../helpers/in-child.ts";

let root: string;

function bundle(at: string, names: string[]): string {
  const dir = join(at, "etc", "skills");
  for (const name of names) {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, name, "SKILL.md"), `---\nname: ${name}\n---\n`);
  }
  writeFileSync(join(at, "package.json"), JSON.stringify({ name: "agentmux" }));
  return dir;
}

describe("setup skills: link planning", () => {
  beforeEach(() => { root = mkdtempSync(join(tmpdir(), "agentmux link 'ü' #")); });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("toolHomes: the variable's home, else ~/.claude and ~/.codex, then the account homes (once each)", () => {
    const homes = toolHomes({ HOME: "/h", CODEX_HOME: "/x/codex home" }, { claude: ["/acc/a", "/h/.claude"], codex: [] });
    assert.deepEqual(homes, [{ backend: "claude", homes: ["/h/.claude", "/acc/a"] }, { backend: "codex", homes: ["/x/codex home"] }]);
  });

  it("links into an existing home, keeps the user's own skill and a link elsewhere, offers a stale or foreign-checkout link, skips a missing home; applying twice changes nothing", () => {
    const checkout = join(root, "checkout now");
    const skills = bundle(checkout, ["handoff", "live-session-status", "message-agent-session", "my skill ✓"]);
    const other = join(root, "other checkout");
    bundle(other, ["live-session-status"]);
    const claude = join(root, "home", ".claude");
    mkdirSync(join(claude, "skills", "handoff"), { recursive: true });
    writeFileSync(join(claude, "skills", "handoff", "SKILL.md"), "mine");
    symlinkSync(join(root, "gone checkout", "etc", "skills", "message-agent-session"), join(claude, "skills", "message-agent-session"));
    symlinkSync(join(other, "etc", "skills", "live-session-status"), join(claude, "skills", "live-session-status"));
    mkdirSync(join(root, "mine elsewhere"));
    symlinkSync(join(root, "mine elsewhere"), join(claude, "skills", "my skill ✓"));
    const missing = join(root, "home", ".codex");

    const plans = planLinks(skills, [{ backend: "claude", homes: [claude] }, { backend: "codex", homes: [missing] }]);
    assert.equal(plans.length, 2);
    const [claudePlan, codexPlan] = plans;
    assert.ok(claudePlan && codexPlan);
    assert.deepEqual(claudePlan.entries.map((e) => [e.skill, e.action]), [
      ["handoff", "kept"], ["live-session-status", "relink"], ["message-agent-session", "relink"], ["my skill ✓", "kept"],
    ]);
    assert.equal(claudePlan.entries[0]?.existing, "a directory");
    assert.deepEqual(codexPlan, { backend: "codex", label: "Codex", homes: [missing], skillsDir: join(missing, "skills"), skipped: true, entries: [] });

    const changed = applyLinks(claudePlan);
    assert.deepEqual(changed.map((e) => e.skill), ["live-session-status", "message-agent-session"]);
    assert.equal(readlinkSync(join(claude, "skills", "live-session-status")), join(skills, "live-session-status"));
    assert.equal(readlinkSync(join(claude, "skills", "message-agent-session")), join(skills, "message-agent-session"));
    assert.ok(lstatSync(join(claude, "skills", "handoff")).isDirectory(), "the user's own skill stays");
    assert.equal(readlinkSync(join(claude, "skills", "my skill ✓")), join(root, "mine elsewhere"));

    const again = planLinks(skills, [{ backend: "claude", homes: [claude] }]);
    assert.deepEqual(again[0]?.entries.map((e) => e.action), ["kept", "linked", "linked", "kept"]);
    assert.equal(again.some(hasChanges), false);
  });

  it("makes the skills directory when the home exists without one; an account home sharing it through a link is planned once", () => {
    const skills = bundle(join(root, "co"), ["handoff"]);
    const canonical = join(root, ".codex");
    const account = join(root, "accounts", "work");
    mkdirSync(canonical);
    mkdirSync(account, { recursive: true });
    const plans = planLinks(skills, [{ backend: "codex", homes: [canonical] }]);
    assert.deepEqual(plans[0]?.entries.map((e) => e.action), ["link"]);
    applyLinks(plans[0]!);
    symlinkSync(join(canonical, "skills"), join(account, "skills"));
    const both = planLinks(skills, [{ backend: "codex", homes: [canonical, account] }]);
    assert.equal(both.length, 1);
    assert.deepEqual(both[0]?.homes, [canonical, account]);
    assert.deepEqual(both[0]?.entries.map((e) => e.action), ["linked"]);
  });

  it("bundledSkills: the directories holding SKILL.md", () => {
    const skills = bundle(join(root, "b"), ["a", "b"]);
    mkdirSync(join(skills, "not a skill"));
    assert.deepEqual(bundledSkills(skills).map((s) => s.name), ["a", "b"]);
    assert.deepEqual(bundledSkills(join(root, "none")), []);
  });

  it("the shipped etc/skills: three skills whose frontmatter parses, each naming the agentmux commands it runs", () => {
    const shipped = join(import.meta.dirname, "..", "..", "..", "etc", "skills");
    const found = bundledSkills(shipped);
    assert.deepEqual(found.map((s) => s.name), ["handoff", "live-session-status", "message-agent-session"]);
    const commands: Record<string, RegExp[]> = {
      handoff: [/handoffFile/, /target-directory:/, /agentmux handoff --from "\$AGENTMUX_SESSION"/],
      "live-session-status": [/agentmux list --json/, /agentmux read TARGET --transcript --last N/],
      "message-agent-session": [/agentmux send --list/, /agentmux send --from-agent TARGET <<'AGENTMUX_MESSAGE'/],
    };
    for (const { name, dir } of found) {
      const text = readFileSync(join(dir, "SKILL.md"), "utf8");
      const meta = parseSkillFrontmatter(text, join(dir, "SKILL.md"), name);
      assert.equal(meta.name, name);
      assert.ok(meta.description.length > 40, `${name} has a description the model can choose it by`);
      for (const pattern of commands[name] ?? []) assert.match(text, pattern, `${name} runs ${pattern}`);
    }
  });
});

describe("isAgentmuxSkillPath", () => {
  it("a checkout whose package.json is a link to /dev/zero is not agentmux's, and is not read", () => {
    const root = mkdtempSync(join(tmpdir(), "agentmux-link-zero-"));
    try {
      mkdirSync(join(root, "etc", "skills", "x"), { recursive: true });
      symlinkSync("/dev/zero", join(root, "package.json"));
      // In a child: the old reader read /dev/zero until memory ran out.
      assert.deepEqual(callInChild("skills/link.ts", "isAgentmuxSkillPath", [[join(root, "etc", "skills", "x")]]), [{ value: false }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
