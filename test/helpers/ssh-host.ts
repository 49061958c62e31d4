import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import { CLI, FIXTURE_BIN } from "./tmux-server.ts";
import { freePort } from "./free-port.ts";

let n = 0;

/** Whether this process may create users and run sshd (the tests of other machines need root). */
export const canHostSsh = (): string | null => {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return "needs root: it creates a local user and runs sshd";
  for (const program of ["/usr/sbin/sshd", "/usr/sbin/useradd", "/usr/bin/ssh-keygen", "/usr/bin/ssh"]) {
    try { readFileSync(program); } catch { return `${program} is not installed (apt-get install openssh-server openssh-client)`; }
  }
  return null;
};


/**
 * Another machine for tests: a second local user the test creates, reached over a real OpenSSH
 * server on 127.0.0.1 at a free port, with a host key and an authorized key of its own. Its tmux
 * server (a private -L socket) and agentmux daemon are the remote host's. `sshConfig` is an ssh
 * config file naming it `alias`, with the host key known: point agentmux's ssh at it with the
 * host's `ssh` option or `-F`.
 */
export class SshHost {
  readonly user = `amr${process.pid % 100000}x${++n}`;
  readonly dir = mkdtempSync(join(tmpdir(), "agentmux-ssh-"));
  readonly home = join(this.dir, "home");
  readonly alias: string;
  readonly sshConfig = join(this.dir, "ssh_config");
  readonly key = join(this.dir, "id_ed25519");
  readonly socketName: string;
  /** The remote's agentmux: a script in the user's home that runs this checkout's CLI. */
  readonly agentmux: string;
  port = 0;
  private sshd: ResultPromise | null = null;

  constructor(name = "remote") {
    this.alias = `${name}-${process.pid}-${n}`;
    this.socketName = `agentmux-remote-${process.pid}-${n}`;
    this.agentmux = join(this.home, "bin", "agentmux");
  }

  async start(): Promise<void> {
    chmodSync(this.dir, 0o755);
    await execa("useradd", ["-M", "-d", this.home, "-s", "/bin/sh", this.user]);
    // No password, but not locked ("!"): sshd without PAM refuses a locked account even its keys.
    await execa("usermod", ["-p", "*", this.user]);
    mkdirSync(join(this.home, ".ssh"), { recursive: true });
    mkdirSync(join(this.home, "bin"), { recursive: true });
    await execa("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", this.key]);
    await execa("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", join(this.dir, "host_key")]);
    writeFileSync(join(this.home, ".ssh", "authorized_keys"), readFileSync(`${this.key}.pub`));
    // The agent CLIs are installed there: the fake ones, first on the PATH of what it runs.
    writeFileSync(this.agentmux, `#!/bin/sh\nPATH=${FIXTURE_BIN}:$PATH; export PATH\nexec ${process.execPath} ${CLI} "$@"\n`);
    chmodSync(this.agentmux, 0o755);
    await execa("chown", ["-R", `${this.user}:${this.user}`, this.home]);
    chmodSync(join(this.home, ".ssh"), 0o700);
    // sshd's privilege separation directory (the package makes it at boot, which a test machine may not have had).
    mkdirSync("/run/sshd", { recursive: true, mode: 0o755 });
    this.port = await freePort();
    writeFileSync(join(this.dir, "sshd_config"), [
      `Port ${this.port}`, "ListenAddress 127.0.0.1", `HostKey ${join(this.dir, "host_key")}`, `PidFile ${join(this.dir, "sshd.pid")}`,
      "PasswordAuthentication no", "KbdInteractiveAuthentication no", "UsePAM no", "PermitRootLogin no", `AllowUsers ${this.user}`,
      "AuthorizedKeysFile .ssh/authorized_keys", "StrictModes no", "PrintMotd no", "LogLevel ERROR", "MaxSessions 64", "MaxStartups 64",
    ].join("\n") + "\n");
    this.sshd = execa("/usr/sbin/sshd", ["-D", "-e", "-f", join(this.dir, "sshd_config")], { reject: false, stdio: "ignore" });
    const hostKey = readFileSync(join(this.dir, "host_key.pub"), "utf8").trim();
    writeFileSync(join(this.dir, "known_hosts"), `[127.0.0.1]:${this.port} ${hostKey}\n`);
    writeFileSync(this.sshConfig, [
      `Host ${this.alias}`, "  HostName 127.0.0.1", `  Port ${this.port}`, `  User ${this.user}`, `  IdentityFile ${this.key}`, "  IdentitiesOnly yes",
      `  UserKnownHostsFile ${join(this.dir, "known_hosts")}`, "  StrictHostKeyChecking yes", "  LogLevel ERROR",
    ].join("\n") + "\n");
    for (let i = 0; i < 100; i++) {
      const r = await this.ssh(["true"]);
      if (r.exitCode === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`sshd on 127.0.0.1:${this.port} did not let ${this.user} in`);
  }

  /**
   * Another ssh config alias for this host reaching it through `port` on 127.0.0.1 (a proxy in
   * front of sshd), its host key known by the real address's entry.
   */
  addAlias(name: string, port: number): void {
    appendFileSync(this.sshConfig, [`Host ${name}`, "  HostName 127.0.0.1", `  Port ${port}`, `  User ${this.user}`, `  IdentityFile ${this.key}`, "  IdentitiesOnly yes",
      `  UserKnownHostsFile ${join(this.dir, "known_hosts")}`, `  HostKeyAlias [127.0.0.1]:${this.port}`, "  StrictHostKeyChecking yes", "  LogLevel ERROR", ""].join("\n"));
  }

  /** A program that runs ssh as a user would, pointed at this host's ssh config (for AGENTMUX_SSH). */
  sshWrapper(): string {
    const wrapper = join(this.dir, "ssh-wrapper");
    writeFileSync(wrapper, `#!/bin/sh\nexec ssh -F ${this.sshConfig} "$@"\n`);
    chmodSync(wrapper, 0o755);
    return wrapper;
  }

  /** A command on the remote host, as its user, over ssh (one connection each: test set-up, not agentmux). */
  ssh(args: string[], input?: string): ResultPromise<{ reject: false }> {
    return execa("ssh", ["-F", this.sshConfig, "-o", "BatchMode=yes", this.alias, ...args], { reject: false, input: input ?? "" });
  }

  /** The remote's own tmux server (its private socket), with the fake agents first on its PATH. */
  async startTmux(): Promise<void> {
    const r = await this.ssh([`env PATH=${FIXTURE_BIN}:/usr/local/bin:/usr/bin:/bin tmux -L ${this.socketName} -f /dev/null new-session -d -s base -x 160 -y 48`]);
    if (r.exitCode !== 0) throw new Error(`remote tmux did not start: ${String(r.stderr)}`);
  }

  /** Types a line into a pane of the remote's tmux server (the text literally, then Enter), as someone at it would. */
  async typeLine(pane: string, text: string): Promise<void> {
    const tmux = `tmux -L ${this.socketName} send-keys -t ${quote(pane)}`;
    const r = await this.ssh(["sh", "-s"], `${tmux} -l ${quote(text)}\n${tmux} Enter\n`);
    if (r.exitCode !== 0) throw new Error(`typing in ${pane} there failed: ${String(r.stderr)}`);
  }

  /** The remote's agentmux, as its user, against its tmux server (with the fake agents first on its PATH, as its panes have them). */
  cli(args: string[]): ResultPromise<{ reject: false }> {
    return this.ssh([`env PATH=${FIXTURE_BIN}:/usr/local/bin:/usr/bin:/bin`, this.agentmux, "-L", this.socketName, ...args.map(quote)]);
  }

  /**
   * Stop sshd's listener (the host becomes unreachable to new connections; one already made lives
   * on in its own sshd, which holds no pipe of the listener's: stdio is ignored); restartSshd() brings it back.
   */
  async stopSshd(): Promise<void> {
    this.sshd?.kill("SIGTERM");
    await this.sshd?.catch(() => undefined);
    this.sshd = null;
  }

  /**
   * The host goes down for agentmux: sshd's listener stops and the connections already made end
   * (each one's own sshd runs as the user), so a link drops and cannot come back until restartSshd().
   */
  async down(): Promise<void> {
    await this.stopSshd();
    await execa("pkill", ["-KILL", "-u", this.user, "-x", "sshd"], { reject: false });
  }

  async restartSshd(): Promise<void> {
    this.sshd = execa("/usr/sbin/sshd", ["-D", "-e", "-f", join(this.dir, "sshd_config")], { reject: false, stdio: "ignore" });
    for (let i = 0; i < 100; i++) {
      if ((await this.ssh(["true"])).exitCode === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("sshd did not come back");
  }

  /** Everything of the user ends: its processes, sshd, the user, its files. */
  async stop(): Promise<void> {
    await this.stopSshd();
    await execa("pkill", ["-KILL", "-u", this.user], { reject: false });
    await execa("userdel", ["-f", this.user], { reject: false });
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
