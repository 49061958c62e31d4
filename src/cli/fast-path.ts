import { parseArgs } from "node:util";
import type { TmuxServer } from "../tmux/server.ts";
import type { Values, VerbMain } from "./fast-verbs/run.ts";
import { VERSION } from "./version.ts";
import { out, shown } from "../util/terminal-text.ts";

/**
 * The verbs a key binding or a hook runs (tmux/agentmux.tmux, cli/menu-entries.ts, agents'
 * hooks), without the full CLI: commander, execa and the whole command set would more than
 * double their start-up (bench P9; test/architecture/fast-paths.test.ts keeps those off this path).
 * This file only reads argv; each verb's work is in cli/fast-verbs/<verb>.ts, bundled into a
 * file of its own (scripts/bundle.mjs) and loaded when it runs. Anything this parser does not
 * recognise (--help, a typo, a flag it does not know) goes to the full CLI instead, which
 * answers it as it always has.
 */

interface FastVerb {
  /** The verb's options as commander declares them (cli/<verb>.ts); a unit test compares the two. */
  options: Record<string, { type: "string" | "boolean"; short?: string }>;
  /** How many positional arguments it takes (commander rejects more, or fewer). */
  positionals: [min: number, max: number];
  load: () => Promise<{ default: VerbMain }>;
}

const str = { type: "string" } as const;
const bool = { type: "boolean" } as const;
const TARGET = { type: "string", short: "t" } as const;
const LIST: FastVerb = { options: { group: { type: "string", short: "g" }, json: bool }, positionals: [0, 0], load: () => import("./fast-verbs/list.ts") };

export const FAST_VERBS: Readonly<Record<string, FastVerb>> = {
  switch: { options: { client: str }, positionals: [0, 0], load: () => import("./fast-verbs/switch.ts") },
  inbox: { options: { json: bool, client: str }, positionals: [0, 0], load: () => import("./fast-verbs/inbox.ts") },
  next: { options: { client: str, from: str, json: bool, notified: bool, cycle: bool }, positionals: [0, 0], load: () => import("./fast-verbs/next.ts") },
  snooze: { options: { on: bool, off: bool, ask: bool, client: str, json: bool, target: TARGET }, positionals: [0, 2], load: () => import("./fast-verbs/snooze.ts") },
  menu: { options: { client: str, pane: str, print: bool }, positionals: [0, 0], load: () => import("./fast-verbs/menu.ts") },
  kill: { options: { yes: { type: "boolean", short: "y" }, json: bool, target: TARGET }, positionals: [1, 1], load: () => import("./fast-verbs/kill.ts") },
  list: LIST,
  ls: LIST,
  publish: { options: {}, positionals: [0, Infinity], load: () => import("./fast-verbs/publish.ts") },
};

/** What argv asks the fast path for; null: not the fast path's to answer. */
export interface FastCommand { server: TmuxServer; verb: string; values: Values; positionals: string[] }

/** The server options (-L/-S, before the verb), the verb and what follows it. */
export function parseFast(args: readonly string[]): FastCommand | null {
  const server: TmuxServer = {};
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const key = flag === "-L" || flag === "--socket-name" ? "socketName" : flag === "-S" || flag === "--socket-path" ? "socketPath" : null;
    if (key === null) break;
    const value = inline ?? args[++i];
    if (value === undefined) return null;
    server[key] = value;
  }
  const verb = args[i];
  const rest = args.slice(i + 1);
  if (verb === undefined) return null;
  if ((verb === "--version" || verb === "-V") && rest.length === 0) return { server, verb: "--version", values: {}, positionals: [] };
  // `agentmux hook STATE` never fails and never prints; with a flag (--help) the full CLI answers, quietly too.
  if (verb === "hook") return rest.every((a) => !a.startsWith("-")) ? { server, verb, values: {}, positionals: rest } : null;
  const spec = Object.hasOwn(FAST_VERBS, verb) ? FAST_VERBS[verb] : undefined;
  if (!spec) return null;
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...rest], options: spec.options, allowPositionals: true, strict: true });
  } catch {
    return null;
  }
  // -t TARGET is the first positional, as on the full CLI (cli/target-flag.ts).
  const { target, ...values } = parsed.values;
  const positionals = typeof target === "string" ? [target, ...parsed.positionals] : parsed.positionals;
  const [min, max] = spec.positionals;
  if (positionals.length < min || positionals.length > max) return null;
  // HOST:TARGET is another machine's session: the full CLI carries it there (cli/host-verbs.ts).
  if ((verb === "kill" || verb === "snooze") && positionals.some((p) => p.includes(":"))) return null;
  return { server, verb, values, positionals };
}

/** `agentmux switch`'s arguments, when that is what argv asks for (the popup binding's form). */
export function parseFastSwitch(args: readonly string[]): { server: TmuxServer; client?: string } | null {
  const parsed = parseFast(args);
  if (parsed?.verb !== "switch") return null;
  const client = parsed.values["client"];
  return typeof client === "string" ? { server: parsed.server, client } : { server: parsed.server };
}

/** Run argv's verb if the fast path knows it; false hands argv to the full CLI. */
export async function runFast(argv: readonly string[]): Promise<boolean> {
  const parsed = parseFast(argv.slice(2));
  if (!parsed) return false;
  if (parsed.verb === "--version") out(shown`${VERSION}\n`);
  else if (parsed.verb === "hook") await (await import("./fast-verbs/hook.ts")).default(parsed.server, {}, parsed.positionals);
  else await (await FAST_VERBS[parsed.verb]?.load())?.default(parsed.server, parsed.values, parsed.positionals);
  return true;
}
