import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { knownDirectories, rememberStarted, startedDirectories, startedFile, zoxideDirectories } from "../../../src/projects/known.ts";
import { readdirSync, readFileSync } from "node:fs";
import { setStateFileReporting } from "../../../src/util/state-file.ts";
import { warn } from "../../../src/util/terminal-text.ts";

describe("the known source", () => {
  it("rememberStarted: newest first, each directory once, the last 200 kept, before the registry's older ones", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-known-")));
    try {
      const state = join(root, "state");
      rememberStarted(state, "/a b", 1);
      rememberStarted(state, "/c", 2);
      rememberStarted(state, "/a b", 3);
      assert.deepEqual(startedDirectories(state), ["/a b", "/c"]);
      writeFileSync(join(state, "registry.json"), JSON.stringify({ servers: [{ socket: "/s", server: "1:1", sessions: [{ dir: "/live", started: 2.5 }] }] }));
      assert.deepEqual(startedDirectories(state), ["/a b", "/live", "/c"]);
      for (let i = 0; i < 210; i++) rememberStarted(state, `/d${i}`, 10 + i);
      const kept = (JSON.parse(readFileSync(startedFile(state), "utf8")) as { sessions: unknown[] }).sessions;
      assert.equal(kept.length, 200);
      assert.equal(startedDirectories(state)[0], "/d209");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("rememberStarted never throws (a state directory it cannot make: a file is in its place)", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-known-")));
    try {
      writeFileSync(join(root, "file"), "");
      assert.doesNotThrow(() => rememberStarted(join(root, "file", "state"), "/x"));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a truncated started-directories.json is kept aside and reported before it is replaced", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-known-")));
    const warned: string[] = [];
    setStateFileReporting({ warn: (line) => warned.push(line) });
    try {
      const state = join(root, "state");
      mkdirSync(state);
      const truncated = `{"sessions": [{"dir": "/a", "started": 1}, {"dir": "/b", "sta`;
      writeFileSync(startedFile(state), truncated);
      rememberStarted(state, "/c", 5);
      const aside = readdirSync(state).filter((f) => f.startsWith("started-directories.json.agentmux-corrupt-"));
      assert.equal(aside.length, 1, readdirSync(state).join(" "));
      assert.equal(readFileSync(join(state, aside[0] ?? ""), "utf8"), truncated, "kept as it was");
      assert.match(warned.join("\n"), /started-directories\.json is corrupt \(not valid JSON.*\); kept it as .*agentmux-corrupt-/);
      assert.deepEqual(startedDirectories(state), ["/c"]);
    } finally {
      setStateFileReporting({ warn: (line) => warn(line) });
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("no state yet: none; a corrupt file: none from it", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-known-")));
    try {
      assert.deepEqual(startedDirectories(join(root, "nothing")), []);
      mkdirSync(join(root, "state"));
      writeFileSync(join(root, "state", "registry.json"), "{");
      assert.deepEqual(startedDirectories(join(root, "state")), []);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("zoxide's list follows agentmux's own when zoxide is on PATH (and is never required)", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-known-")));
    try {
      const bin = join(root, "bin");
      mkdirSync(bin);
      for (const d of ["z1", "z 2", "started"]) mkdirSync(join(root, d));
      writeFileSync(join(bin, "zoxide"), `#!/bin/sh\n[ "$1 $2" = "query -l" ] || exit 1\nprintf '%s\\n' '${join(root, "z 2")}' '${join(root, "started")}' '${join(root, "gone")}' 'not a path' '${join(root, "z1")}'\n`);
      chmodSync(join(bin, "zoxide"), 0o755);
      const state = join(root, "am", "state");
      mkdirSync(state, { recursive: true });
      writeFileSync(join(state, "registry.json"), JSON.stringify({ servers: [{ socket: "/s", server: "1:1", sessions: [{ dir: join(root, "started"), started: 5 }] }] }));
      const env = { HOME: root, PATH: bin, AGENTMUX_HOME: join(root, "am") };
      assert.deepEqual(zoxideDirectories(env), [join(root, "z 2"), join(root, "started"), join(root, "gone"), join(root, "z1")]);
      assert.deepEqual(knownDirectories(env), [join(root, "started"), join(root, "z 2"), join(root, "z1")]);
      assert.deepEqual(zoxideDirectories({ PATH: join(root, "none") }), []);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
