import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI, type TestServer } from "./tmux-server.ts";

let n = 0;
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Run agentmux the way an agent in `pane` runs it: as a child of the pane's process (the fake
 * agent's `/run`, or a command line typed into a shell session), on the pane's terminal, with the
 * environment tmux and agentmux gave the pane. `input` goes to its stdin from a file. Answers what
 * it printed on stdout (`out`) and stderr (`err`), and its exit status.
 */
export async function asAgent(server: TestServer, pane: string, args: string[], options: { input?: string; shell?: boolean; timeoutMs?: number; env?: Record<string, string>; ownSession?: boolean } = {}): Promise<{ out: string; err: string; rc: number }> {
  const base = join(server.home, `as-agent-${process.pid}-${++n}`);
  const out = `${base}.out`;
  const errors = `${base}.err`;
  const inputFile = `${base}.in`;
  writeFileSync(inputFile, options.input ?? "");
  const env = Object.entries(options.env ?? {}).map(([k, v]) => `${k}=${quote(v)} `).join("");
  // No -L: inside a pane, $TMUX names the server, as it does for an agent.
  const line = `${env}${quote(process.execPath)} ${quote(CLI)} ${args.map(quote).join(" ")} < ${quote(inputFile)} > ${quote(out)} 2> ${quote(errors)}; echo rc=$? >> ${quote(out)}`;
  // ownSession: in a session of its own (still the agent's child), so it outlives the pane it closes (handoff).
  const command = options.ownSession ? `setsid sh -c ${quote(line)}` : line;
  await server.tmux(["send-keys", "-t", pane, "-l", options.shell ? command : `/run ${command}`]);
  await server.tmux(["send-keys", "-t", pane, "Enter"]);
  await server.waitFor(`agentmux ${args[0] ?? ""} run in ${pane}`, () => existsSync(out) && /rc=\d+\n$/.test(readFileSync(out, "utf8")), options.timeoutMs ?? 30_000);
  const text = readFileSync(out, "utf8");
  return { out: text.replace(/rc=\d+\n$/, ""), err: readFileSync(errors, "utf8"), rc: Number(/rc=(\d+)\n$/.exec(text)?.[1]) };
}
