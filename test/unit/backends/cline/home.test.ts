import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cline } from "../../../../src/backends/cline/index.ts";
import { CLINE_DIR_VARIABLE, clineSessionDir, prepareClineHome, userClineDir } from "../../../../src/backends/cline/home.ts";
import { hookEventOf } from "../../../../src/backends/cline/hooks-dir.ts";

const HOOK = "/opt/agent mux/shell/agentmux-hook";
const made: string[] = [];
const scratch = () => { const dir = mkdtempSync(join(tmpdir(), "agentmux-cline-")); made.push(dir); return dir; };
after(() => { for (const dir of made) rmSync(dir, { recursive: true, force: true }); });

describe("the Cline directory of agentmux's sessions (CLINE_DIR)", () => {
  it("holds agentmux's hooks and stand-ins for the user's, links the rest of their ~/.cline, and leaves their files as they were", () => {
    const dir = scratch();
    const home = join(dir, "home of ü #1");
    const userDir = join(home, ".cline");
    mkdirSync(join(userDir, "hooks"), { recursive: true });
    mkdirSync(join(userDir, "skills"));
    const hookText = "#!/bin/sh\necho \"$0\"\n";
    writeFileSync(join(userDir, "hooks", "TaskComplete.sh"), hookText);
    const state = join(dir, "state");
    const env = prepareClineHome({ stateDir: state, env: { HOME: home }, hookPath: HOOK });
    const session = env[CLINE_DIR_VARIABLE] ?? "";
    assert.equal(session, clineSessionDir(state, userDir));
    for (const name of ["data", "tasks", "cron", "skills"]) {
      assert.ok(lstatSync(join(session, name)).isSymbolicLink(), `${name} is a link`);
      assert.equal(readlinkSync(join(session, name)), join(userDir, name));
    }
    assert.ok(lstatSync(join(session, "hooks")).isDirectory() && !lstatSync(join(session, "hooks")).isSymbolicLink());
    const hooks = readdirSync(join(session, "hooks")).sort();
    assert.ok(hooks.includes("TaskComplete.sh") && hooks.includes("taskcomplete"), hooks.join(" "));
    assert.equal(readFileSync(join(session, "hooks", "TaskComplete.sh"), "utf8"), `#!/bin/sh\nexec 'sh' '${join(userDir, "hooks", "TaskComplete.sh")}'\n`);
    assert.match(readFileSync(join(session, "hooks", "taskcomplete"), "utf8"), /exec '\/opt\/agent mux\/shell\/agentmux-hook' 'TaskComplete'/);
    assert.equal(readFileSync(join(userDir, "hooks", "TaskComplete.sh"), "utf8"), hookText);
    assert.deepEqual(readdirSync(join(userDir, "hooks")), ["TaskComplete.sh"]);
    // Again, after the user removed their hook: its stand-in goes, agentmux's stay.
    rmSync(join(userDir, "hooks", "TaskComplete.sh"));
    assert.deepEqual(prepareClineHome({ stateDir: state, env: { HOME: home }, hookPath: HOOK }), env);
    const again = readdirSync(join(session, "hooks"));
    assert.ok(!again.includes("TaskComplete.sh") && again.length === 7 && again.every((n) => hookEventOf(n)), again.join(" "));
  });

  it("follows the user's own CLINE_DIR, makes the directories Cline makes at start in theirs, and is what the backend hands the pane", () => {
    const dir = scratch();
    assert.equal(userClineDir({ [CLINE_DIR_VARIABLE]: "/srv/c", HOME: "/home/u" }), "/srv/c");
    assert.equal(userClineDir({ HOME: "/home/u" }), "/home/u/.cline");
    const own = join(dir, "own cline");
    const env = prepareClineHome({ stateDir: join(dir, "s"), env: { [CLINE_DIR_VARIABLE]: own }, hookPath: HOOK });
    assert.deepEqual(readdirSync(own).sort(), ["cron", "data", "tasks"]);
    assert.equal(readlinkSync(join(env[CLINE_DIR_VARIABLE] ?? "", "data")), join(own, "data"));
    const fromBackend = cline.prepareEnv?.({ stateDir: join(dir, "s2"), cwd: dir, env: { HOME: join(dir, "h") } }) ?? {};
    assert.match(fromBackend[CLINE_DIR_VARIABLE] ?? "", /cline-home\/[0-9a-f]{16}$/);
    assert.equal(cline.prepare, undefined, "the argv stays the user's");
  });
});
