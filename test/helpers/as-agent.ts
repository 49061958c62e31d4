import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI, type TestServer } from "./tmux-server.ts";

let n = 0;
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Run agentmux the way an agent in `pane` runs it: as a child of the pane's process (the fake
 * agent's `/run`, or a command line typed into a shell session), on the pane's terminal, with the
 * environment tmux and agentmux gave the pane. `input` goes to its stdin from a file. Answers what
 * it printed (stdout and stderr together) and its exit status.
 */
export async function asAgent(server: TestServer, pane: string, args: string[], options: { input?: string; shell?: boolean; timeoutMs?: number; env?: Record<string, string> } = {}): Promise<{ out: string; rc: number }> {
  const base = join(server.home, `as-agent-${process.pid}-${++n}`);
  const out = `${base}.out`;
  const inputFile = `${base}.in`;
  writeFileSync(inputFile, options.input ?? "");
  const env = Object.entries(options.env ?? {}).map(([k, v]) => `${k}=${quote(v)} `).join("");
  const command = `${env}${quote(process.execPath)} ${quote(CLI)} -L ${quote(server.name)} ${args.map(quote).join(" ")} < ${quote(inputFile)} > ${quote(out)} 2>&1; echo rc=$? >> ${quote(out)}`;
  await server.tmux(["send-keys", "-t", pane, "-l", options.shell ? command : `/run ${command}`]);
  await server.tmux(["send-keys", "-t", pane, "Enter"]);
  await server.waitFor(`agentmux ${args[0] ?? ""} run in ${pane}`, () => existsSync(out) && /rc=\d+\n$/.test(readFileSync(out, "utf8")), options.timeoutMs ?? 30_000);
  const text = readFileSync(out, "utf8");
  return { out: text.replace(/rc=\d+\n$/, ""), rc: Number(/rc=(\d+)\n$/.exec(text)?.[1]) };
}
