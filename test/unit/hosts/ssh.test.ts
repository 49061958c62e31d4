import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { controlPath, remoteCommand, sshArgv, sshFailure } from "../../../src/hosts/ssh.ts";

const host = { name: "gpu", ssh: "me@gpu.example" };

describe("ssh for a host", () => {
  it("one shared connection in the private runtime directory, never a question, the destination after --", () => {
    const argv = sshArgv(host, "/run/agentmux/abc", "stream", ["--protocol", "1"]);
    for (const option of ["BatchMode=yes", "ControlMaster=auto", "ControlPersist=60", "ServerAliveInterval=10"]) assert.ok(argv.includes(option), option);
    assert.match(argv.find((a) => a.startsWith("ControlPath=")) ?? "", /^ControlPath=\/run\/agentmux\/abc\/ssh\/[0-9a-f]{16}$/);
    assert.deepEqual(argv.slice(-3), ["--", "me@gpu.example", "agentmux 'stream' '--protocol' '1'"]);
  });

  it("a runtime directory too deep for a socket's path: no shared connection, never a failing one", () => {
    const deep = `/tmp/${"d".repeat(80)}`;
    assert.equal(controlPath(host, deep), null);
    const argv = sshArgv(host, deep, "list");
    assert.ok(argv.includes("ControlMaster=no") && argv.includes("ControlPath=none") && !argv.some((a) => a.startsWith("ControlPersist")), argv.join(" "));
    assert.notEqual(controlPath(host, "/tmp/agentmux-tests-abcdef/agentmux-test-abcdef/run/0123456789ab"), null, "the tests' own runtime directory fits");
  });

  it("quotes every argument for the remote shell; the socket goes to -L, or -S when it is a path", () => {
    assert.equal(remoteCommand({ ...host, socket: "work" }, "rename", ["%3", "it's $(id) `x`"]), `agentmux '-L' 'work' 'rename' '%3' 'it'\\''s $(id) \`x\`'`);
    assert.equal(remoteCommand({ ...host, socket: "/tmp/t s", agentmux: "node /opt/agentmux/bin/agentmux.js" }, "list"), "node /opt/agentmux/bin/agentmux.js '-S' '/tmp/t s' 'list'");
  });

  it("says what failed in words", () => {
    assert.match(sshFailure(host, 255, "Host key verification failed.\r\n"), /gpu: its host key is not known .*never accepts one silently: run `ssh me@gpu.example` once/);
    assert.match(sshFailure(host, 255, "me@gpu.example: Permission denied (publickey).\n"), /gpu: ssh refused the login/);
    assert.match(sshFailure(host, 255, "ssh: Could not resolve hostname gpu.example: Name or service not known\n"), /gpu: host unreachable: me@gpu.example does not resolve/);
    assert.match(sshFailure(host, 255, "ssh: connect to host gpu port 22: Connection refused\n"), /gpu: host unreachable \(ssh: connect to host gpu port 22: Connection refused\)/);
    assert.match(sshFailure(host, 127, "sh: 1: agentmux: not found\n"), /gpu: agentmux is not installed there/);
    assert.match(sshFailure(host, 126, "sh: 1: /opt/agentmux: Permission denied\n"), /gpu: agentmux is not installed there \(sh: 1: \/opt\/agentmux: Permission denied\)/, "the remote shell's, not ssh's login");
    assert.equal(sshFailure(host, 255, "", true), "gpu: host unreachable (the connection dropped)", "a link that was up");
    assert.equal(sshFailure(host, 255, ""), "gpu: ssh failed");
    assert.match(sshFailure(host, 1, "agentmux: no server running on /tmp/tmux-1/default\n"), /gpu: the remote agentmux exited with 1: agentmux: no server running/);
  });
});
