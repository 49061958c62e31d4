import type { Command } from "commander";
import { hostNamed, hostTarget, type HostTarget } from "../hosts/address.ts";
import { readSnapshots } from "../hosts/cache.ts";
import { runtimeDir } from "../hosts/known.ts";
import { runOnHost } from "../hosts/run.ts";
import { attachHere, openHostView } from "../hosts/view.ts";
import { resolveTarget } from "../session/target.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { block, out, shown } from "../util/terminal-text.ts";
import { Context, printJson, type GlobalOptions } from "./context.ts";
import type { HostConfig } from "../config/config.ts";
import { requireControl } from "../control/gate.ts";
import { hoistTarget, takesValue } from "./target-flag.ts";

/**
 * The verbs another machine's agentmux carries out when their TARGET is HOST:TARGET (docs/hosts.md),
 * each under that machine's own rules; `acts`: the control gate here applies first (an agent on
 * this machine acting on another session, wherever it runs, needs control.enabled here).
 */
const FORWARDED: Readonly<Record<string, { acts: boolean }>> = {
  send: { acts: true }, keys: { acts: true }, answer: { acts: true }, snooze: { acts: true }, kill: { acts: true },
  restart: { acts: true }, rename: { acts: true }, read: { acts: false }, wait: { acts: false }, explain: { acts: false },
  attach: { acts: false }, diff: { acts: false }, merge: { acts: true },
  // A group lives on one machine (a pane option there): HOST:GROUP names that machine's group.
  group: { acts: true }, ungroup: { acts: true }, "group-send": { acts: true }, "group-kill": { acts: true },
};

/** Verbs that may ask their questions at a terminal there (kill protection, the restart picker). */
const ASKS = new Set(["kill", "restart"]);

/** argv after `agentmux`, split: the server options before the verb, the verb's command, and its words. */
interface Invocation { globals: string[]; command: Command; verb: string; words: string[] }

/** The server options (-L/-S) among the words before the verb. */
function serverOptions(globals: readonly string[]): GlobalOptions {
  const options: GlobalOptions = {};
  for (let i = 0; i < globals.length; i++) {
    const word = globals[i] as string;
    const eq = word.indexOf("=");
    const [flag, inline] = word.startsWith("--") && eq > 0 ? [word.slice(0, eq), word.slice(eq + 1)] : [word, undefined];
    const key = flag === "-L" || flag === "--socket-name" ? "socketName" : flag === "-S" || flag === "--socket-path" ? "socketPath" : null;
    if (key === null) continue;
    const value = inline ?? globals[++i];
    if (value !== undefined) options[key] = value;
  }
  return options;
}

function invocation(program: Command, args: readonly string[]): Invocation | null {
  let i = 0;
  while (i < args.length && (args[i] ?? "").startsWith("-")) i += takesValue([program], args[i] as string) ? 2 : 1;
  const verb = args[i];
  const command = verb === undefined ? undefined : program.commands.find((c) => c.name() === verb || c.aliases().includes(verb));
  return command && verb ? { globals: args.slice(0, i), command, verb: command.name(), words: args.slice(i + 1) } : null;
}

/** Where the first positional of a verb's words is (its TARGET): -1 when it has none. */
function positional(command: Command, words: readonly string[]): number {
  for (let j = 0; j < words.length; j++) {
    const word = words[j] as string;
    if (word === "--") return j + 1 < words.length ? j + 1 : -1;
    if (!word.startsWith("-") || word === "-") return j;
    if (takesValue([command], word)) j++;
  }
  return -1;
}

/**
 * Where the word naming what a verb acts on is: `wait --group G` (or -g G, --group=G) waits on a
 * group, any other verb on its first positional. `prefix`: what precedes the name in that word.
 */
function addressed(command: Command, verb: string, words: readonly string[]): { at: number; prefix: string } {
  if (verb === "wait") {
    for (let j = 0; j < words.length; j++) {
      const word = words[j] as string;
      if (word === "--") break;
      if ((word === "-g" || word === "--group") && j + 1 < words.length) return { at: j + 1, prefix: "" };
      if (word.startsWith("--group=")) return { at: j, prefix: "--group=" };
    }
  }
  return { at: positional(command, words), prefix: "" };
}

/** The option --host VALUE (or --host=VALUE) of `new`, and the words without it. */
function hostOption(words: readonly string[]): { name: string; rest: string[] } | null {
  for (let j = 0; j < words.length; j++) {
    const word = words[j] as string;
    if (word === "--") return null;
    if (word === "--host") {
      const name = words[j + 1];
      if (name === undefined) throw new AgentmuxError("--host needs a host's name", { hint: "agentmux new --host NAME (agentmux hosts lists them)", exitCode: EXIT.usage });
      return { name, rest: [...words.slice(0, j), ...words.slice(j + 2)] };
    }
    if (word.startsWith("--host=")) return { name: word.slice(7), rest: [...words.slice(0, j), ...words.slice(j + 1)] };
  }
  return null;
}

/**
 * A remote TARGET as the daemon last heard of it (its pane id): no ssh to find which pane a name
 * is, and the same session gets the same local view. The target as given when nothing is known yet.
 */
function knownPane(dir: string | null, remote: HostTarget): string {
  if (dir === null) return remote.target;
  const [snapshot] = readSnapshots(dir, [remote.host]);
  if (!snapshot || snapshot.sessions.length === 0) return remote.target;
  try {
    return resolveTarget(remote.target, snapshot.sessions.map((s) => ({ pane: s.pane, name: s.name, instance: s.instance ?? "" }))).pane;
  } catch {
    return remote.target;
  }
}

/** Whether this runs inside the tmux server it talks to (a window can be opened and switched to there). */
async function insideThisServer(ctx: Context): Promise<boolean> {
  const here = process.env["TMUX"]?.split(",")[0];
  if (!here) return false;
  if (!ctx.server.socketName && !ctx.server.socketPath) return true;
  return (await ctx.tmux.socketPath().catch(() => "")).trim() === here;
}

const interactive = () => process.stdin.isTTY === true && process.stdout.isTTY === true;

/** `attach HOST:TARGET`: a local window (or popup) on it inside tmux, else this terminal attaches there. */
async function attachRemote(ctx: Context, remote: HostTarget, words: readonly string[]): Promise<number> {
  const dir = await runtimeDir(ctx.tmux);
  const target = knownPane(dir, remote);
  const popup = words.includes("--popup");
  if (await insideThisServer(ctx)) {
    await openHostView(ctx.tmux, { host: remote.host, target, dir, popup });
    return 0;
  }
  if (!process.stdin.isTTY) throw new AgentmuxError(`attach ${remote.host.name}:${remote.target} needs a terminal`, { hint: "run it in a terminal or inside tmux" });
  return attachHere({ host: remote.host, target, dir });
}

/** `new --host HOST ...`: the session starts there; its pane is printed as HOST:PANE (JSON: with `host`). */
async function newThere(ctx: Context, name: string, rest: string[]): Promise<number> {
  const host = hostNamed(ctx.config.hosts, name);
  await requireControl(ctx, "new");
  const dir = await runtimeDir(ctx.tmux);
  const ran = await runOnHost(host, dir, "new", ["--detached", ...rest.filter((w) => w !== "--detached")], { capture: true });
  if (ran.code !== 0) { out(block(ran.stdout)); return ran.code; }
  if (rest.includes("--json")) {
    try {
      printJson({ ...(JSON.parse(ran.stdout) as Record<string, unknown>), host: host.name });
    } catch {
      out(block(ran.stdout));
    }
  } else {
    out(shown`${block(ran.stdout.trim().split("\n").map((line) => (/^%\d+$/.test(line) ? `${host.name}:${line}` : line)).join("\n"))}\n`);
  }
  // A person inside tmux is taken to the new session, as a local `new` does; an agent driving us is not.
  const pane = /%\d+/.exec(ran.stdout)?.[0];
  const focus = pane && !rest.includes("--detached") && !process.env["AGENTMUX_SESSION"] && (await insideThisServer(ctx));
  if (focus) await openHostView(ctx.tmux, { host, target: pane, dir }).catch(() => undefined);
  return 0;
}

/** What argv asks of another machine: a verb on a session there, or a session started there. */
export type Forward =
  | { kind: "verb"; verb: string; remote: HostTarget; words: string[]; acts: boolean; globals: GlobalOptions }
  | { kind: "new"; host: string; rest: string[]; globals: GlobalOptions };

/**
 * Pure but for reading the hosts (only when a target may name one): whether argv (the words after
 * `agentmux`) is another machine's verb, and the remote agentmux's arguments for it (the server
 * options dropped: the host's own `socket` names its server; the target as that host names it).
 */
export function planForward(program: Command, argv: readonly string[], hosts: (globals: GlobalOptions) => readonly HostConfig[]): Forward | null {
  const args = hoistTarget(program, argv);
  const call = invocation(program, args);
  if (!call || call.words.includes("--help") || call.words.includes("-h")) return null;
  const globals = serverOptions(call.globals);
  if (call.verb === "new") {
    const option = hostOption(call.words);
    return option ? { kind: "new", host: option.name, rest: option.rest, globals } : null;
  }
  const rule = FORWARDED[call.verb];
  const { at, prefix } = rule ? addressed(call.command, call.verb, call.words) : { at: -1, prefix: "" };
  const target = call.words[at]?.slice(prefix.length);
  if (!rule || target === undefined || !target.includes(":")) return null;
  const remote = hostTarget(target, hosts(globals));
  if (!remote) return null;
  if (remote.target === "") throw new AgentmuxError(`${target} names nothing on ${remote.host.name}`, { hint: `agentmux ${call.verb} ${remote.host.name}:PANE, or HOST:GROUP for a group there (agentmux list shows them)`, exitCode: EXIT.usage });
  const words = call.words.map((w, j) => (j === at ? prefix + remote.target : w));
  // send --from-agent works with the control API off, as here (its message says it is an agent's).
  const acts = rule.acts && !(call.verb === "send" && call.words.includes("--from-agent"));
  return { kind: "verb", verb: call.verb, remote, words, acts, globals };
}

/**
 * A verb for another machine (HOST:TARGET, `new --host`), carried out there by its agentmux over
 * ssh; answers the exit status, or null when the verb is this machine's. Decided before the
 * verb's own parsing, so the verbs themselves know nothing of hosts.
 */
export async function forwardToHost(program: Command, argv: readonly string[]): Promise<number | null> {
  let ctx: Context | null = null;
  const contextOf = (globals: GlobalOptions) => (ctx ??= new Context(globals));
  const plan = planForward(program, argv, (globals) => contextOf(globals).config.hosts);
  if (!plan) return null;
  const here = contextOf(plan.globals);
  if (plan.kind === "new") return newThere(here, plan.host, plan.rest);
  if (plan.acts) await requireControl(here, plan.verb);
  if (plan.verb === "attach") return attachRemote(here, plan.remote, plan.words);
  const dir = await runtimeDir(here.tmux);
  const tty = ASKS.has(plan.verb) && interactive() && !plan.words.includes("--json");
  return (await runOnHost(plan.remote.host, dir, plan.verb, plan.words, { tty })).code;
}
