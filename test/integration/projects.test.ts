import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, TestServer } from "../helpers/tmux-server.ts";
import { writeConfig } from "../helpers/config.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";

// A HOME of its own: ~/repos/* and the registry are this test's, never the user's.
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-projects-")));
const ODD = "naïve #1 %2 'q'";

interface Candidate { label: string; directory: string; repository: string | null; description: string | null }

describe("agentmux projects", () => {
  const server = new TestServer({ HOME: userHome });
  const projects = async (args: string[]) => {
    const r = await server.cli(["projects", ...args]);
    return { ...r, json: r.exitCode === 0 && args.includes("--json") ? JSON.parse(String(r.stdout)) as Candidate[] : [] };
  };
  const oneLineError = (r: { exitCode?: number; stderr: unknown }, pattern: RegExp) => {
    assert.notEqual(r.exitCode, 0);
    assert.match(String(r.stderr), pattern);
    assert.equal(String(r.stderr).trim().split("\n").length, 1, String(r.stderr));
  };

  before(async () => {
    await server.start();
    for (const d of ["repos/api/.git", `repos/${ODD}/.git`, "repos/notes", "work/api/.git", "acme/projects/shared", "acme/projects/billing"]) mkdirSync(join(userHome, d), { recursive: true });
    symlinkSync(join(userHome, "repos/api"), join(userHome, "repos/api-link"));
    writeFileSync(join(userHome, "acme/projects/shared/project-registry.json"), JSON.stringify({ projects: [
      { id: "billing", title: "Billing", summary: null, aliases: ["invoices"], browser_keywords: ["acme/billing"], project_doc_paths: ["billing"], repo_paths: null },
      { id: "web", repo_paths: [join(userHome, "repos/api")] },
    ] }));
    writeConfig(server.home, {
      projects: {
        sources: [
          { account: "^acme", sources: ["~/acme/projects/shared/project-registry.json", "~/repos/*"] },
          { account: "^empty$", sources: ["~/nothing/*"] },
          { account: "^broken$", sources: ["~/missing-registry.json"] },
          { account: "", sources: ["~/repos/*", "~/work/*", "~/repos/[ab", "~/repos/notes", "known"] },
        ],
      },
    });
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("--json: the catch-all's candidates, a symlinked duplicate once, a shared label abbreviated, the malformed pattern warned about on stderr", async () => {
    const r = await projects(["--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.deepEqual(r.json.map((c) => [c.label, c.directory, c.repository]), [
      ["~/repos/api", join(userHome, "repos/api"), join(userHome, "repos/api")],
      [ODD, join(userHome, "repos", ODD), join(userHome, "repos", ODD)],
      ["~/work/api", join(userHome, "work/api"), join(userHome, "work/api")],
      ["notes", join(userHome, "repos/notes"), null],
    ]);
    assert.match(String(r.stderr), /warning: the path pattern "~\/repos\/\[ab" cannot be expanded/);
  });

  it("--account picks the first entry whose regex matches: a registry with descriptions, its root two levels up", async () => {
    const r = await projects(["--account", "acme-work", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.deepEqual(r.json, [
      { label: "billing: Billing", directory: join(userHome, "acme/projects/billing"), repository: null, description: "invoices; acme/billing" },
      { label: "web", directory: join(userHome, "repos/api"), repository: join(userHome, "repos/api"), description: null },
      { label: ODD, directory: join(userHome, "repos", ODD), repository: join(userHome, "repos", ODD), description: null },
    ]);
    const text = await projects(["--account", "acme-work"]);
    assert.match(String(text.stdout), /^billing: Billing {2}~\/acme\/projects\/billing {2}invoices; acme\/billing$/m);
  });

  it("the account defaults to the backend's selected account", async () => {
    mkdirSync(join(server.home, "state", "accounts"), { recursive: true });
    writeFileSync(join(server.home, "state", "accounts", "selection.json"), JSON.stringify({ selected: { codex: "acme" }, routed: {} }));
    try {
      const r = await projects(["--backend", "codex", "--json"]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      assert.equal(r.json[0]?.label, "billing: Billing");
    } finally {
      rmSync(join(server.home, "state", "accounts", "selection.json"));
    }
  });

  it("bad input is a one-line error with the fix: sources yielding nothing, a missing registry, an unknown backend", async () => {
    oneLineError(await projects(["--account", "empty"]), /yield no project.*projects\.sources/);
    oneLineError(await projects(["--account", "broken"]), /missing-registry\.json does not exist/);
    oneLineError(await projects(["--backend", "nope"]), /unknown backend "nope"/);
  });

  it("known: a directory agentmux started a session in joins the list", async () => {
    const dir = join(userHome, `started ${ODD}`);
    mkdirSync(dir);
    const r = await server.cli(["new", "--backend", "claude", "--dir", dir, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    assert.match(readFileSync(join(server.home, "state", "started-directories.json"), "utf8"), /started naïve/, "remembered at launch");
    await waitForState(server, pane, "idle");
    await server.waitFor(`${pane}'s native id`, async () => (await paneOption(server, pane, "@agentmux-id")) !== "");
    let labels: string[] = [];
    await server.waitFor("the started directory among the projects", async () => {
      labels = (await projects(["--json"])).json.map((c) => c.label);
      return labels.includes(`started ${ODD}`);
    }).catch((e: Error) => { throw new Error(`${e.message}: ${labels.join(", ")}`); });
  });
});

describe("the project picker at a terminal", () => {
  const server = new TestServer();
  const list = join(server.home, "candidates.json");
  const candidates: Candidate[] = [
    { label: "api", directory: "/p/api", repository: null, description: "the API server" },
    { label: ODD, directory: `/p/${ODD}`, repository: null, description: "unicode, # and %" },
    { label: "ops", directory: "/p/ops", repository: null, description: null },
  ];
  const pick = async (suggested: string, keys: string[][], mode = "pick", arg = list): Promise<string> => {
    const shell = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "-c", ROOT, "sh"])).stdout).trim();
    await server.tmux(["send-keys", "-t", shell, "-l", `node --import tsx test/helpers/pick-project.ts ${mode} '${arg}' '${suggested}'`]);
    await server.tmux(["send-keys", "-t", shell, "Enter"]);
    await server.waitForScreen(shell, /start where\?/);
    await server.waitForScreen(shell, /ops/);
    for (const k of keys) await server.tmux(["send-keys", "-t", shell, ...k]);
    let answer = "";
    await server.waitFor("the picker's answer", async () => {
      const m = /(chosen|error)=\[(.*)\]/.exec(await server.capture(shell));
      answer = m ? `${m[1]}=${m[2]}` : "";
      return answer !== "";
    });
    await server.tmux(["kill-pane", "-t", shell]);
    return answer;
  };

  before(async () => {
    await server.start();
    writeFileSync(list, JSON.stringify(candidates));
    writeFileSync(join(server.home, "registry.json"), JSON.stringify({ projects: candidates.map((c) => ({ id: c.label, summary: c.description, repo_paths: [c.directory] })) }));
    // The fake model names the project whose description the request mentions last, and one it invents.
    writeConfig(server.home, {
      projects: { sources: [{ account: "", sources: [join(server.home, "registry.json")] }] },
      ranking: { command: "grep -q 'about ops' && echo 'invented, ops' || echo api" },
    });
  });
  after(async () => { await server.stop(); });

  it("a bare Enter takes the top candidate", async () => {
    assert.equal(await pick("", [["Enter"]]), "chosen=/p/api");
  });
  it("a bare Enter takes the suggestion, which leads the list even when no source holds it", async () => {
    assert.equal(await pick("/p/ops", [["Enter"]]), "chosen=/p/ops");
    assert.equal(await pick("/elsewhere/new", [["Enter"]]), "chosen=/elsewhere/new");
  });
  it("typing narrows the list (by label or description); arrows move", async () => {
    assert.equal(await pick("", [["-l", "unicode"], ["Enter"]]), `chosen=/p/${ODD}`);
    assert.equal(await pick("", [["Down"], ["Down"], ["Enter"]]), "chosen=/p/ops");
  });
  it("chooseProject: the configured sources ranked by the text lead the list, unless a directory is suggested", async () => {
    assert.equal(await pick("", [["Enter"]], "choose", "a mail about ops"), "chosen=/p/ops");
    assert.equal(await pick("", [["Enter"]], "choose", "unrelated"), "chosen=/p/api");
    assert.equal(await pick("/p/api", [["Enter"]], "choose", "a mail about ops"), "chosen=/p/api");
  });
  it("Escape is no choice, with the fix", async () => {
    assert.match(await pick("", [["Escape"]]), /^error=no project was chosen \(pass --dir DIR/);
  });
});
