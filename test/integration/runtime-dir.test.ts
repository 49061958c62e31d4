import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";

const mode = (path: string) => statSync(path).mode & 0o777;
const OTHER = `agentmux-other-${process.pid}`;

/** The runtime root taken from XDG_RUNTIME_DIR (AGENTMUX_HOME unset), state and config in the test's home. */
describe("the runtime directory must be the user's own and 0700", () => {
  const server = new TestServer();
  let n = 0;
  const fresh = () => {
    const xdg = join(server.home, `xdg ${++n} #ü`);
    mkdirSync(xdg, { mode: 0o700 });
    return { xdg, root: join(xdg, "agentmux"), env: { AGENTMUX_HOME: "", XDG_RUNTIME_DIR: xdg, XDG_STATE_HOME: join(server.home, `state ${n}`), XDG_CONFIG_HOME: join(server.home, "config") } };
  };
  const used: Array<Record<string, string>> = [];
  const cli = (args: string[], env: Record<string, string>) => { used.push(env); return server.cli(args, { env }); };
  const windows = async () => String((await server.tmux(["list-windows", "-a"])).stdout).trim().split("\n").length;
  before(async () => { await server.start(); });
  after(async () => {
    for (const env of used) await server.cli(["daemon", "stop"], { env });
    await server.stop();
  });

  it("creates the root and every directory below it 0700, the state directory 0700 and the log 0600", async () => {
    const { root, env } = fresh();
    const r = await cli(["daemon", "start"], env);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.equal(mode(root), 0o700);
    const [key] = readdirSync(root);
    for (const d of ["", "spool", "mirror", "status"]) assert.equal(mode(join(root, key ?? "", d)), 0o700, `${d || "the server's directory"}`);
    const state = join(env.XDG_STATE_HOME, "agentmux");
    assert.equal(mode(state), 0o700);
    assert.equal(mode(join(state, "logs")), 0o700);
    const [log] = readdirSync(join(state, "logs"));
    assert.equal(mode(join(state, "logs", log ?? "")), 0o600);
    assert.equal((await cli(["daemon", "stop"], env)).exitCode, 0);
  });

  it("a world-writable root is refused by every verb that would use it, with the directory and the fix", async () => {
    const { root, env } = fresh();
    mkdirSync(root);
    chmodSync(root, 0o777);
    const before = await windows();
    for (const args of [["daemon", "start"], ["new", "--command", "sleep 30", "--dir", server.work, "--detached"]]) {
      const r = await cli(args, env);
      assert.notEqual(r.exitCode, 0, args.join(" "));
      assert.match(String(r.stderr), new RegExp(`agentmux: ${root.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is open to other users \\(mode 0777\\).*\\(chmod 700 `));
    }
    assert.equal(await windows(), before, "no session was started");
    assert.equal(mode(root), 0o777, "left as it was: the user decides");
  });

  it("a group-writable directory below a good root (the spool) is refused too", async () => {
    const { root, env } = fresh();
    assert.equal((await cli(["daemon", "start"], env)).exitCode, 0);
    assert.equal((await cli(["daemon", "stop"], env)).exitCode, 0);
    const spool = join(root, readdirSync(root)[0] ?? "", "spool");
    chmodSync(spool, 0o770);
    const r = await cli(["daemon", "start"], env);
    assert.notEqual(r.exitCode, 0);
    assert.match(String(r.stderr), /spool is open to other users \(mode 0770\).*chmod 700 /);
  });

  it("a root another local user created is refused, naming its owner", async (t) => {
    if (process.getuid?.() !== 0) { t.skip("needs root to create a second local user"); return; }
    const add = spawnSync("useradd", ["--no-create-home", "--shell", "/usr/sbin/nologin", OTHER], { encoding: "utf8" });
    if (add.status !== 0) { t.skip(`useradd failed: ${add.stderr.trim()}`); return; }
    try {
      const { xdg, root, env } = fresh();
      chmodSync(server.home, 0o755);
      chmodSync(xdg, 0o1777); // like /tmp: anyone may create the directory first
      const made = spawnSync("runuser", ["-u", OTHER, "--", "mkdir", "-m", "700", root], { encoding: "utf8" });
      assert.equal(made.status, 0, made.stderr);
      const uid = statSync(root).uid;
      assert.notEqual(uid, 0);
      const r = await cli(["daemon", "start"], env);
      assert.notEqual(r.exitCode, 0);
      assert.match(String(r.stderr), new RegExp(`agentmux\\/? belongs to uid ${uid}, not to you \\(uid 0\\).*sudo rm -rf `));
    } finally {
      chmodSync(server.home, 0o700);
      spawnSync("userdel", [OTHER]);
    }
  });
});
