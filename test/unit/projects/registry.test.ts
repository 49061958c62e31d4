import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeEntry, registryCandidates, registryRoot } from "../../../src/projects/registry.ts";
import { makeFifo } from "../../helpers/fifo.ts";
import { callInChild } from "../../helpers/in-child.ts";
import { AgentmuxError } from "../../../src/util/errors.ts";

function scratch(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), "agentmux-registry-")));
}

function writeRegistry(file: string, projects: unknown[]): string {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, JSON.stringify({ projects }));
  return file;
}

describe("registry descriptions", () => {
  const rows: Array<[string, Record<string, unknown>, string | null]> = [
    ["the summary, then keywords and channels", { summary: "Billing service", aliases: ["bill"], browser_keywords: ["acme/billing", "billing.acme.com"], slack_channels: ["billing", "#bill-ops"] }, "Billing service; acme/billing, billing.acme.com; #billing #bill-ops"],
    ["no summary: the aliases", { aliases: ["bill", "invoices"] }, "bill, invoices"],
    ["a null summary counts as none: the aliases", { summary: null, aliases: ["bill"] }, "bill"],
    ["null everywhere: no description at all", { summary: null, aliases: null, browser_keywords: null, slack_channels: null }, null],
    ["none of the four: no description at all", { id: "x" }, null],
    ["a blank summary still takes the keywords", { summary: "  ", browser_keywords: ["acme.com"] }, "acme.com"],
    ["a recorded blank summary alone: an empty description, not none", { summary: "" }, ""],
    ["a non-string where a string belongs counts as nothing", { summary: 42, aliases: ["a"] }, "a"],
  ];
  for (const [name, entry, expected] of rows) it(name, () => assert.equal(describeEntry(entry), expected));
});

describe("registry roots", () => {
  it("the source's root first, then the projects directory two levels above …/projects/shared/project-registry.json, then projects.registryRoot", () => {
    assert.equal(registryRoot("/a/projects/shared/project-registry.json", "/given", "/config"), "/given");
    assert.equal(registryRoot("/a/projects/shared/project-registry.json", null, "/config"), "/a/projects");
    assert.equal(registryRoot("/a/other/shared/project-registry.json", null, "/config"), "/config");
    assert.equal(registryRoot("/a/projects/shared/registry.json", null, null), null);
    assert.equal(registryRoot("/r.json", "~/root", null, { HOME: "/home/u" }), "/home/u/root");
  });
});

describe("registry candidates", () => {
  it("labels by id and title (id alone without a title); directory from project_doc_paths, then repo_paths, then the root; repository from repo_paths", () => {
    const dir = scratch();
    try {
      const file = writeRegistry(join(dir, "projects", "shared", "project-registry.json"), [
        { id: "bill", title: "Billing", project_doc_paths: ["docs/bill", "other"], repo_paths: ["src/bill"], summary: "money" },
        { id: "web", title: null, repo_paths: ["/abs/web"] },
        { id: "ops" },
        { title: "Only a title", project_doc_paths: [null, "x"] },
        { title: null, id: null },
        "not an object",
      ]);
      const found = registryCandidates(file, null, null);
      const root = join(dir, "projects");
      assert.deepEqual(found, [
        { label: "bill: Billing", directory: join(root, "docs/bill"), repository: join(root, "src/bill"), description: "money" },
        { label: "web", directory: "/abs/web", repository: "/abs/web", description: null },
        { label: "ops", directory: root, repository: null, description: null },
        { label: "Only a title", directory: join(root, "x"), repository: null, description: null },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("each registry resolves against its own root: a source root, the config root", () => {
    const dir = scratch();
    try {
      const file = writeRegistry(join(dir, "personal.json"), [{ id: "p", repo_paths: ["code/p"] }]);
      assert.equal(registryCandidates(file, join(dir, "mine"), "/cfg")[0]?.directory, join(dir, "mine", "code/p"));
      assert.equal(registryCandidates(file, null, "/cfg")[0]?.directory, "/cfg/code/p");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("with no root, absolute paths are read and a relative path is an error naming the project and the fix", () => {
    const dir = scratch();
    try {
      const ok = writeRegistry(join(dir, "abs.json"), [{ id: "a", repo_paths: ["/x/a"] }]);
      assert.equal(registryCandidates(ok, null, null)[0]?.directory, "/x/a");
      const rel = writeRegistry(join(dir, "rel.json"), [{ id: "r", title: "Rel", repo_paths: ["code/r"] }]);
      assert.throws(() => registryCandidates(rel, null, null), (e: unknown) =>
        e instanceof AgentmuxError && /project "r: Rel" the relative path "code\/r"/.test(e.message) && /projects.registryRoot/.test(e.hint ?? ""));
      const none = writeRegistry(join(dir, "none.json"), [{ id: "n" }]);
      assert.throws(() => registryCandidates(none, null, null), /records no directory for project "n"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a missing registry file, one that is not JSON, and one without a projects array are errors naming the file", () => {
    const dir = scratch();
    try {
      assert.throws(() => registryCandidates(join(dir, "gone.json"), null, null), (e: unknown) =>
        e instanceof AgentmuxError && e.message.includes(`${join(dir, "gone.json")} does not exist`) && /projects.sources/.test(e.hint ?? ""));
      writeFileSync(join(dir, "bad.json"), "{");
      assert.throws(() => registryCandidates(join(dir, "bad.json"), null, null), /is not valid JSON/);
      writeFileSync(join(dir, "shape.json"), "{\"items\": []}");
      assert.throws(() => registryCandidates(join(dir, "shape.json"), null, null), /holds no "projects" array/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a registry larger than 8 MiB, a FIFO, and a link to /dev/zero are refused saying what they are, not read", () => {
    const dir = scratch();
    const stop = makeFifo(join(dir, "fifo.json"));
    try {
      writeFileSync(join(dir, "big.json"), `{"projects": [], "pad": "${"x".repeat(8 * 1024 * 1024)}"}`);
      symlinkSync("/dev/zero", join(dir, "zero.json"));
      // In a child: the old reader read /dev/zero until memory ran out and blocked on the FIFO.
      const outcomes = callInChild("projects/registry.ts", "registryCandidates", [[join(dir, "big.json"), null, null], [join(dir, "fifo.json"), null, null], [join(dir, "zero.json"), null, null]]);
      assert.deepEqual(outcomes, [
        { error: `the project registry ${join(dir, "big.json")} is larger than 8 MiB`, name: "AgentmuxError" },
        { error: `the project registry ${join(dir, "fifo.json")} is a FIFO, not a regular file`, name: "AgentmuxError" },
        { error: `the project registry ${join(dir, "zero.json")} is a character device, not a regular file`, name: "AgentmuxError" },
      ]);
    } finally {
      stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
