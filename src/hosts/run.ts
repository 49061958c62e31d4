import { spawn } from "node:child_process";
import { StringDecoder } from "node:string_decoder";
import type { HostConfig } from "../config/config.ts";
import { AgentmuxError } from "../util/errors.ts";
import { block, err, out, type Shown } from "../util/terminal-text.ts";
import { sshArgv, sshFailure, sshProgram } from "./ssh.ts";

/** How a verb's output comes back from a host. */
export interface RunOnHost {
  /**
   * A terminal there (ssh -t): the remote agentmux asks its questions (kill protection, the
   * restart picker) and `attach` draws; what it prints then goes to this terminal as it is.
   */
  tty?: boolean;
  /** Keep what the remote printed on stdout (Ran.stdout) instead of printing it (a caller rewrites it). */
  capture?: boolean;
  /** Keep its stderr too, printing nothing (a popup has its own notice line). */
  quiet?: boolean;
  env?: NodeJS.ProcessEnv;
}

export interface Ran { code: number; stdout: string; stderr: string }

/** The last thing a remote agentmux said of its failure (its stderr), without its "agentmux: " prefix and hint lines. */
export function remoteSaid(stderr: string): string {
  const line = stderr.trim().split("\n").filter((l) => l.trim() !== "" && !l.startsWith("  ")).at(-1) ?? "";
  return line.replace(/^agentmux: (?:error: )?/, "");
}

/** What is kept of ssh's stderr to say why it failed. */
const STDERR_KEPT = 4096;

/**
 * Text another machine printed, on its way to this terminal: every control byte but line breaks
 * and tabs written out (util/terminal-text.ts), so a host's session names and answers are data
 * here, as local ones are. UTF-8 split across chunks is put back together first.
 */
function safeStream(write: (text: Shown) => void): { data: (chunk: Buffer) => void; end: () => void } {
  const decoder = new StringDecoder("utf8");
  return { data: (chunk) => write(block(decoder.write(chunk))), end: () => write(block(decoder.end())) };
}

/**
 * Run `agentmux VERB WORDS...` on a host, over its shared connection (the daemon's link made it; else this
 * ssh makes it, kept a minute for the next verb): standard input goes there, what it prints comes
 * here, its exit status is this one's. ssh's own failures (255: unreachable, an unknown host key,
 * a refused login; 127: no agentmux there) are an error in words, never its stack.
 */
export function runOnHost(host: HostConfig, dir: string | null, verb: string, words: readonly string[], options: RunOnHost = {}): Promise<Ran> {
  const env = options.env ?? process.env;
  const argv = sshArgv(host, dir, verb, words);
  if (options.tty) argv[argv.indexOf("-T")] = "-t";
  return new Promise((resolve, reject) => {
    const child = spawn(sshProgram(env), argv, { env, stdio: ["inherit", options.tty ? "inherit" : "pipe", options.tty ? "inherit" : "pipe"] });
    let stdout = "";
    let stderr = "";
    const outText = safeStream((text) => { if (options.capture) stdout += text.text; else out(text); });
    const errText = safeStream((text) => { stderr = (stderr + text.text).slice(-STDERR_KEPT); if (!options.quiet) err(text); });
    child.stdout?.on("data", outText.data);
    child.stderr?.on("data", errText.data);
    child.on("error", (error) => reject(new AgentmuxError(`${host.name}: cannot run ${sshProgram(env)}: ${error.message}`, { hint: "install OpenSSH's client, or set AGENTMUX_SSH to it" })));
    child.on("close", (code, signal) => {
      outText.end();
      errText.end();
      if (code === 255 || code === 127 || code === 126) {
        reject(new AgentmuxError(sshFailure(host, code, stderr), { hint: `agentmux hosts check ${host.name} tells each step` }));
        return;
      }
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
  });
}
