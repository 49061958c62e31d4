import { spawn } from "node:child_process";
import type { HostConfig } from "../config/config.ts";
import { parseStreamLine, STREAM_PROTOCOL } from "./snapshot.ts";
import { sshArgv, sshFailure, sshProgram } from "./ssh.ts";

/** One step of `agentmux hosts check`: what was tried, and what came of it. */
export interface CheckStep { step: string; ok: boolean; said: string }

/** How long each step may take (a first login over a slow link included). */
const STEP_MS = 20_000;

interface Ran { code: number | null; stdout: string; stderr: string; timedOut: boolean }

/** Run ssh with agentmux ARGS there; `until` may end it early once stdout holds what is needed. */
function run(host: HostConfig, dir: string, verb: string, words: string[], env: NodeJS.ProcessEnv, until?: (stdout: string) => boolean): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(sshProgram(env), sshArgv(host, dir, verb, words), { env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; child.kill("SIGTERM"); }, STEP_MS);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout = (stdout + chunk).slice(0, 1024 * 1024);
      if (until?.(stdout)) child.kill("SIGTERM");
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => { stderr = (stderr + chunk).slice(-4096); });
    child.on("error", (error) => { stderr += error.message; });
    child.on("close", (code) => { clearTimeout(timer); resolve({ code, stdout, stderr, timedOut }); });
  });
}

/**
 * `agentmux hosts check NAME`: the steps a link takes, one at a time, each failure in words: ssh
 * logs in and finds agentmux (its version), then agentmux's stream says its protocol and the
 * sessions of its tmux server. Stops at the first step that fails.
 */
export async function checkHost(host: HostConfig, dir: string, env: NodeJS.ProcessEnv = process.env): Promise<CheckStep[]> {
  const steps: CheckStep[] = [];
  const version = await run(host, dir, "--version", [], env);
  if (version.code !== 0 || version.timedOut) {
    steps.push({ step: `ssh ${host.ssh} and run ${host.agentmux || "agentmux"}`, ok: false, said: version.timedOut ? `${host.name}: host unreachable (no answer within ${STEP_MS / 1000} s)` : sshFailure(host, version.code, version.stderr) });
    return steps;
  }
  steps.push({ step: `ssh ${host.ssh} and run ${host.agentmux || "agentmux"}`, ok: true, said: `agentmux ${version.stdout.trim().split("\n")[0] ?? ""}` });
  const lines = (stdout: string) => stdout.split("\n").slice(0, -1).map(parseStreamLine).filter((l) => l !== null);
  const stream = await run(host, dir, "stream", ["--protocol", String(STREAM_PROTOCOL)], env, (out) => lines(out).some((l) => l.type === "feed" || l.type === "error"));
  const said = lines(stream.stdout);
  const hello = said.find((l) => l.type === "hello");
  const error = said.find((l) => l.type === "error");
  const feed = said.find((l) => l.type === "feed");
  const step = "the remote agentmux's stream";
  if (!hello) steps.push({ step, ok: false, said: stream.timedOut ? `${host.name}: its stream said nothing within ${STEP_MS / 1000} s` : `${host.name}: its agentmux has no stream (it is older than this one: install the same version on both)${stream.stderr.trim() ? `: ${stream.stderr.trim().split("\n").at(-1)}` : ""}` });
  else if (hello.protocol !== STREAM_PROTOCOL) steps.push({ step, ok: false, said: `${host.name}: its agentmux ${hello.version} speaks stream protocol ${hello.protocol}, this one ${STREAM_PROTOCOL}: install the same version on both` });
  else if (error) steps.push({ step, ok: false, said: `${host.name}: ${error.error}${error.hint ? ` (${error.hint})` : ""}` });
  else if (!feed) steps.push({ step, ok: false, said: `${host.name}: its daemon sent no sessions within ${STEP_MS / 1000} s` });
  else steps.push({ step, ok: true, said: `protocol ${hello.protocol}, ${feed.sessions.length} session${feed.sessions.length === 1 ? "" : "s"}` });
  return steps;
}
