import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { abbreviate, dedupeCandidates, DEFAULT_SOURCES, projectCandidates, sourcesFor, type ProjectSource } from "../../../src/projects/candidates.ts";
import { DEFAULT_CONFIG, type Config } from "../../../src/config/config.ts";
import { AgentmuxError } from "../../../src/util/errors.ts";

const withSources = (entries: Array<{ account: string; sources: ProjectSource[] }>, registryRoot?: string): Config =>
  ({ ...DEFAULT_CONFIG, projects: { sources: entries, registryRoot } }) as Config;

function scratch(dirs: string[]): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-candidates-")));
  for (const d of dirs) mkdirSync(join(root, d), { recursive: true });
  return root;
}

const ODD = "naïve #1 %x 'q' \"d\"";

describe("which sources an account gets", () => {
  const config = withSources([
    { account: "^work$", sources: ["~/work/*"] },
    { account: "epoch", sources: ["~/epoch/*"] },
    { account: "", sources: ["~/repos/*"] },
    { account: "never", sources: ["~/never/*"] },
  ]);
  it("the first entry whose regex is found in the name wins (unanchored: epoch matches epoch-personal)", () => {
    assert.deepEqual(sourcesFor("work", config), ["~/work/*"]);
    assert.deepEqual(sourcesFor("epoch-personal", config), ["~/epoch/*"]);
    assert.deepEqual(sourcesFor("workshop", config), ["~/repos/*"]);
  });
  it("an empty regex is a catch-all that covers no account too; a named regex never matches no account", () => {
    assert.deepEqual(sourcesFor(null, config), ["~/repos/*"]);
    assert.throws(() => sourcesFor(null, withSources([{ account: ".*", sources: ["~/x"] }])), /no account selected/);
  });
  it("no entries: the default catch-all", () => {
    assert.deepEqual(sourcesFor("any", DEFAULT_CONFIG), DEFAULT_SOURCES);
    assert.deepEqual(DEFAULT_SOURCES, ["known", "~/repos/*", "~/code/*", "~/src/*", "~/projects/*", "~/Developer/*"]);
  });
  it("no entry matching, and a bad regex, are errors naming projects.sources", () => {
    assert.throws(() => sourcesFor("x", withSources([{ account: "^y$", sources: [] }])), (e: unknown) =>
      e instanceof AgentmuxError && /matches the account "x"/.test(e.message) && /projects.sources/.test(e.hint ?? ""));
    assert.throws(() => sourcesFor("x", withSources([{ account: "(", sources: [] }])), /account regex "\(" is not valid/);
  });
  it("the account regex runs on RE2: one with a lookahead is refused naming it, (\\w|\\d)+$ matches in linear time", () => {
    assert.throws(() => sourcesFor("work", withSources([{ account: "^(?!personal)", sources: [] }])), (e: unknown) =>
      e instanceof AgentmuxError && /account regex "\^\(\?!personal\)" is not valid: lookahead/.test(e.message) && /no lookahead/.test(e.hint ?? ""));
    assert.deepEqual(sourcesFor("w1", withSources([{ account: "(\\w|\\d)+$", sources: ["known"] }])), ["known"]);
  });
});

describe("dedupe and labels", () => {
  it("one entry per real path: the first keeps place and label, filling what it lacks from a later one", () => {
    const real = (d: string) => (d === "/link/a" ? "/real/a" : d);
    const out = dedupeCandidates([
      { label: "a", directory: "/real/a", repository: null, description: null },
      { label: "b", directory: "/b", repository: "/b", description: null },
      { label: "alias", directory: "/link/a", repository: "/real/a", description: "from the registry" },
    ], { HOME: "/home/u" }, real);
    assert.deepEqual(out, [
      { label: "a", directory: "/real/a", repository: "/real/a", description: "from the registry" },
      { label: "b", directory: "/b", repository: "/b", description: null },
    ]);
  });
  it("a label shared by two becomes the abbreviated directory (both of them)", () => {
    const out = dedupeCandidates([
      { label: "api", directory: "/home/u/work/api", repository: null, description: null },
      { label: "api", directory: "/srv/api", repository: null, description: null },
      { label: "web", directory: "/home/u/web", repository: null, description: null },
    ], { HOME: "/home/u" }, (d) => d);
    assert.deepEqual(out.map((c) => c.label), ["~/work/api", "/srv/api", "web"]);
  });
  it("abbreviate: under HOME as ~/…, else as it is", () => {
    assert.equal(abbreviate("/home/u/x y", { HOME: "/home/u" }), "~/x y");
    assert.equal(abbreviate("/home/u", { HOME: "/home/u" }), "~");
    assert.equal(abbreviate("/home/uv/x", { HOME: "/home/u" }), "/home/uv/x");
  });
});

describe("projectCandidates on a tree", () => {
  it("expands the account's sources in order; symlinked duplicates once; clashing labels abbreviated; malformed patterns reported and skipped; missing ones contribute nothing", () => {
    const root = scratch(["repos/alpha/.git", `repos/${ODD}/.git`, "repos/notgit", "code/alpha/.git", "plain", "wt/feature"]);
    try {
      writeFileSync(join(root, "wt/feature/.git"), `gitdir: ${join(root, "repos/alpha/.git/worktrees/feature")}\n`);
      symlinkSync(join(root, "repos/alpha"), join(root, "code/alias"));
      const env = { HOME: root, PATH: "", AGENTMUX_HOME: join(root, "am") };
      const config = withSources([{ account: "", sources: ["~/repos/*", "~/x/[ab", "~/code/*", "~/wt/*", "~/plain", "~/missing", "~/Developer/*"] }]);
      const { candidates, problems } = projectCandidates("someone", config, env);
      assert.deepEqual(candidates, [
        { label: "~/repos/alpha", directory: join(root, "repos/alpha"), repository: join(root, "repos/alpha"), description: null },
        { label: ODD, directory: join(root, "repos", ODD), repository: join(root, "repos", ODD), description: null },
        { label: "~/code/alpha", directory: join(root, "code/alpha"), repository: join(root, "code/alpha"), description: null },
        { label: "feature", directory: join(root, "wt/feature"), repository: join(root, "wt/feature"), description: null },
        { label: "plain", directory: join(root, "plain"), repository: null, description: null },
      ]);
      assert.equal(problems.length, 1);
      assert.match(problems[0] ?? "", /"~\/x\/\[ab" cannot be expanded/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("registries beside path sources: a registry entry naming a directory a pattern found adds its description to it", () => {
    const root = scratch(["repos/bill/.git", "projects/shared"]);
    try {
      writeFileSync(join(root, "projects/shared/project-registry.json"), JSON.stringify({ projects: [
        { id: "bill", title: "Billing", repo_paths: [join(root, "repos/bill")], summary: "invoices" },
        { id: "docs", repo_paths: ["docs"] },
      ] }));
      const env = { HOME: root, PATH: "", AGENTMUX_HOME: join(root, "am") };
      const config = withSources([{ account: "^acme", sources: ["~/repos/*", "~/projects/shared/project-registry.json"] }]);
      const { candidates } = projectCandidates("acme-work", config, env);
      assert.deepEqual(candidates, [
        { label: "bill", directory: join(root, "repos/bill"), repository: join(root, "repos/bill"), description: "invoices" },
        { label: "docs", directory: join(root, "projects/docs"), repository: join(root, "projects/docs"), description: null },
      ]);
      const paired = withSources([{ account: "", sources: [{ registry: "~/projects/shared/project-registry.json", root: "~/elsewhere" }] }]);
      assert.equal(projectCandidates(null, paired, env).candidates[1]?.directory, join(root, "elsewhere/docs"));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("sources yielding nothing are an error with the fix; a missing registry is an error, not skipped", () => {
    const root = scratch([]);
    try {
      const env = { HOME: root, PATH: "", AGENTMUX_HOME: join(root, "am") };
      assert.throws(() => projectCandidates("me", withSources([{ account: "", sources: ["~/repos/*"] }]), env), (e: unknown) =>
        e instanceof AgentmuxError && /account "me" yield no project/.test(e.message) && /projects.sources/.test(e.hint ?? ""));
      assert.throws(() => projectCandidates(null, DEFAULT_CONFIG, env), /with no account selected yield no project/);
      assert.throws(() => projectCandidates(null, withSources([{ account: "", sources: ["~/x/[ab"] }]), env), /yield no project \(~\/x\/\[ab; skipped: the path pattern "~\/x\/\[ab" cannot be expanded/);
      assert.throws(() => projectCandidates(null, withSources([{ account: "", sources: ["~/reg.json", "/"] }]), env), /reg.json does not exist/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("known: the directories agentmux started sessions in, most recent first, those gone passed over", () => {
    const root = scratch(["old", "new", "exited"]);
    try {
      const state = join(root, "am", "state");
      mkdirSync(state, { recursive: true });
      const s = (dir: string, extra: Record<string, number>) => ({ backend: "claude", account: "", dir, instance: "", id: "i", label: "", group: "", ...extra });
      writeFileSync(join(state, "registry.json"), JSON.stringify({ servers: [{ socket: "/s", server: "1:1", sessions: [s(join(root, "old"), { started: 10 }), s(join(root, "gone"), { started: 40 })] }, { socket: "/t", server: "2:2", sessions: [s(join(root, "new"), { started: 30 })] }] }));
      writeFileSync(join(state, "exited-abc.json"), JSON.stringify({ server: "9:9", sessions: [{ ...s(join(root, "exited"), { startedAt: 20, endedAt: 25 }), pane: "%12" }] }));
      const env = { HOME: root, PATH: "", AGENTMUX_HOME: join(root, "am") };
      const { candidates } = projectCandidates(null, withSources([{ account: "", sources: ["known"] }]), env);
      assert.deepEqual(candidates.map((c) => c.label), ["new", "exited", "old"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
