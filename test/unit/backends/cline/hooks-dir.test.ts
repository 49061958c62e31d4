import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clineHookCommand, hookEventOf, readUserHooks, sessionHookFiles, writeHooksDir } from "../../../../src/backends/cline/hooks-dir.ts";
import { CLINE_HOOK_EVENTS } from "../../../../src/backends/cline/hook-events.ts";

const HOOK = "/opt/agent mux/shell/agentmux-hook";

describe("a Cline session's hooks directory", () => {
  it("takes files by Cline's rule: an event's name in any case, with no ending or one Cline runs", () => {
    assert.equal(hookEventOf("TaskStart.sh"), "TaskStart");
    assert.equal(hookEventOf("taskcomplete"), "TaskComplete");
    assert.equal(hookEventOf("PRETOOLUSE.py"), "PreToolUse");
    assert.equal(hookEventOf("TaskStart.txt"), undefined);
    assert.equal(hookEventOf(".taskstart.sh.12.tmp"), undefined);
    assert.equal(hookEventOf("notes.md"), undefined);
  });

  it("runs a user's hook file as Cline would: by its #! line (env and interpreter paths as Cline reads them), else by its ending, else bash", () => {
    assert.deepEqual(clineHookCommand("/h/a.sh", "#!/usr/bin/env python3 -u\nprint()"), ["python3", "-u", "/h/a.sh"]);
    assert.deepEqual(clineHookCommand("/h/a", "#!/bin/sh\n"), ["sh", "/h/a"]);
    assert.deepEqual(clineHookCommand("/h/a.js", "#!/opt/node/bin/node\n"), ["/opt/node/bin/node", "/h/a.js"]);
    assert.deepEqual(clineHookCommand("/h/a.mjs", "x"), ["node", "/h/a.mjs"]);
    assert.deepEqual(clineHookCommand("/h/a.py", ""), ["python3", "/h/a.py"]);
    assert.deepEqual(clineHookCommand("/h/a.ps1", ""), ["pwsh", "-File", "/h/a.ps1"]);
    assert.deepEqual(clineHookCommand("/h/TaskStart", "echo hi"), ["bash", "/h/TaskStart"]);
  });

  it("holds a stand-in of each of the user's hook files under its own name, and agentmux's under names none of theirs has", () => {
    const files = sessionHookFiles("/home/u/.cline/hooks", { "TaskStart.sh": "#!/bin/bash\necho", "taskstart.SH": "echo" }, HOOK);
    assert.equal(files["TaskStart.sh"], "#!/bin/sh\nexec 'bash' '/home/u/.cline/hooks/TaskStart.sh'\n");
    assert.equal(files["taskstart.SH"], "#!/bin/sh\nexec 'bash' '/home/u/.cline/hooks/taskstart.SH'\n");
    // "taskstart" (no ending) is free: agentmux's TaskStart hook takes it; the others start with ".sh"… none taken there.
    assert.equal(files["taskstart"], "#!/bin/sh\nexec '/opt/agent mux/shell/agentmux-hook' 'TaskStart'\n");
    const ours = Object.entries(files).filter(([, text]) => text.includes("agentmux-hook"));
    assert.deepEqual(ours.map(([name]) => hookEventOf(name)), [...CLINE_HOOK_EVENTS]);
  });

  it("writes exactly those files (executable), removes what an earlier launch left, and replaces a link with a directory", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-cline-hooks-"));
    after(() => rmSync(dir, { recursive: true, force: true }));
    const user = join(dir, "user hooks");
    mkdirSync(user);
    writeFileSync(join(user, "TaskComplete.sh"), "#!/bin/sh\necho done\n");
    writeFileSync(join(user, "README.md"), "not a hook");
    symlinkSync(join(user, "TaskComplete.sh"), join(user, "TaskError.sh"));
    assert.deepEqual(Object.keys(readUserHooks(user)), ["TaskComplete.sh"], "Cline skips links and names no event knows");
    assert.deepEqual(readUserHooks(join(dir, "none")), {});
    const session = join(dir, "session", "hooks");
    mkdirSync(join(dir, "session"));
    symlinkSync(user, session);
    writeHooksDir(session, { old: "x" });
    assert.ok(!statSync(join(user, "TaskComplete.sh")).isDirectory() && readFileSync(join(user, "TaskComplete.sh"), "utf8") === "#!/bin/sh\necho done\n", "the user's directory is left alone");
    writeHooksDir(session, { "taskstart.sh": "#!/bin/sh\n" });
    assert.deepEqual(readdirSync(session), ["taskstart.sh"]);
    assert.equal(statSync(join(session, "taskstart.sh")).mode & 0o777, 0o700);
  });
});
