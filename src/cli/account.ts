import type { Command } from "commander";
import { accountBackend, accountsOf, declaresName, findAccounts, hasCredentials, lookupChoice, type Pool } from "../accounts/accounts.ts";
import { directoryRuleFor } from "../accounts/directory-rules.ts";
import { syncAccountHome, type SyncReport } from "../accounts/home-sync.ts";
import { describeReading } from "../accounts/reading.ts";
import { routeToMember } from "../accounts/resolve.ts";
import type { RouteDecision } from "../accounts/route.ts";
import { readSelection } from "../accounts/selection.ts";
import { cachedReadings } from "../accounts/usage-store.ts";
import { ACCOUNT_BACKENDS, type AccountBackend } from "../backends/account-homes.ts";
import type { Config } from "../config/config.ts";
import { AgentmuxError } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import { formatAge } from "../util/text.ts";
import { runLogin } from "./account-login.ts";
import { runSelect } from "./account-select.ts";
import { Context, printJson } from "./context.ts";
import { formatTable } from "./list.ts";
import { block, out, shown } from "../util/terminal-text.ts";

/** The agents with accounts, as help text words them ("claude or codex"). */
const BACKEND_WORDS = ACCOUNT_BACKENDS.join(" or ");

export function registerAccount(program: Command): void {
  const account = program.command("account").description("accounts and pools of Claude Code and Codex: list, route, select, init, sync, login");

  account.command("list").description("every declared account: pool, home, login, selection, last usage reading").option("--json", "print a JSON array")
    .action((options: { json?: boolean }, command: Command) => {
      const config = Context.of(command).config;
      const stateDir = places().stateDir;
      const selected = readSelection(stateDir).selected;
      const readings = cachedReadings(stateDir);
      const rows = ACCOUNT_BACKENDS.flatMap((backend) => accountsOf(config, backend).map((a) => {
        const choice = selected[backend];
        const reading = readings(backend, a.name);
        return {
          backend, name: a.name, pool: a.pool ?? null, home: a.home,
          loggedIn: hasCredentials(backend, a),
          selected: choice === undefined ? null : choice === a.pool ? "pool" : choice === a.name ? "account" : null,
          usage: reading ?? null,
          properties: a.properties,
        };
      }));
      if (options.json) { printJson(rows); return; }
      if (rows.length === 0) { out(shown`no accounts (declare them under backends.claude.accounts or backends.codex.accounts in the config)\n`); return; }
      const table = [["ACCOUNT", "POOL", "HOME", "LOGIN", "SELECTED", "USAGE"]];
      for (const r of rows) {
        const login = r.loggedIn ? "yes" : "no";
        table.push([`${r.backend}/${r.name}`, r.pool ?? "-", r.home, login, r.selected ?? "", r.usage ? `${describeReading(r.usage)} (${formatAge(Date.now() - r.usage.fetchedAt)} ago)` : "-"]);
      }
      out(shown`${block(formatTable(table))}\n`);
    });

  account.command("route").description("the pool member routing would choose now, and the readings it compared")
    .argument("<backend>", BACKEND_WORDS).argument("[pool]", "the pool (default: the one this directory's rule or the selection names)")
    .option("--json", "print JSON")
    .action((backendName: string, poolName: string | undefined, options: { json?: boolean }, command: Command) => {
      const config = Context.of(command).config;
      const backend = accountBackend(backendName);
      const stateDir = places().stateDir;
      const pool = poolFor(config, backend, poolName, stateDir);
      const decision = routeToMember({ config, backend, stateDir, readings: cachedReadings(stateDir) }, pool, false);
      if (options.json) { printJson(routeJson(backend, decision)); return; }
      out(shown`${block(renderRoute(backend, decision))}\n`);
    });

  account.command("select").description("persist the account or pool a backend runs under, and sync its homes; at a terminal, asks for what is not given")
    .argument("[backend]", `${BACKEND_WORDS} (at a terminal: asked when not given)`).argument("[name]", "an account or pool (at a terminal: picked from a list; otherwise: print the selection)")
    .option("--clear", "back to the CLI's own home")
    .action(async (backend: string | undefined, name: string | undefined, options: { clear?: boolean }, command: Command) => {
      const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
      const line = await runSelect({ config: Context.of(command).config, stateDir: places().stateDir, backend, name, clear: options.clear ?? false, interactive });
      out(shown`${line}\n`);
    });

  account.command("login").description("run the CLI's login flow with the account's home, so its credentials land there (inside tmux: in a popup)")
    .argument("<name>", "the account").option("-b, --backend <backend>", `${BACKEND_WORDS} (needed when both declare the name)`)
    .option("--no-popup", "run the login in this terminal even inside tmux").option("--client <name>", "the tmux client to show the popup on")
    .action(async (name: string, options: { backend?: string; popup: boolean; client?: string }, command: Command) => {
      out(shown`${block(await runLogin(Context.of(command), name, options))}\n`);
    });

  for (const verb of ["init", "sync"] as const) {
    account.command(verb)
      .description(verb === "init" ? "create or repair an account's home: shared state linked from the canonical home" : "repair an account's home: relink shared state, copy hook trust")
      .argument("<name>", "the account").option("-b, --backend <backend>", "only this backend's account of that name")
      .action((name: string, options: { backend?: string }, command: Command) => {
        const config = Context.of(command).config;
        const backend = options.backend === undefined ? undefined : accountBackend(options.backend);
        const found = findAccounts(config, name, backend);
        const lines = found.map(({ backend: b, account: a }) => describeSync(syncAccountHome(b, a, { create: verb === "init" })));
        out(shown`${block(lines.join("\n"))}\n`);
      });
  }
}

/** The pool to route: the one named, else the one this directory's rule or the selection names. */
function poolFor(config: Config, backend: AccountBackend, name: string | undefined, stateDir: string): Pool {
  let asked = name;
  let from = "";
  if (asked === undefined) {
    const rule = directoryRuleFor(config.directoryRules, backend, (b, n) => declaresName(config, b, n), process.cwd());
    asked = rule?.name ?? readSelection(stateDir).selected[backend];
    from = rule ? ` (directory rule for ${rule.rule.dir})` : " (the selection)";
    if (asked === undefined) throw new AgentmuxError(`no pool applies to ${backend} here: no directory rule and no selection`, { hint: `name one: agentmux account route ${backend} POOL` });
  }
  const choice = lookupChoice(config, backend, asked);
  if (choice.kind !== "pool") {
    throw new AgentmuxError(`"${asked}"${from} is a ${backend} account, not a pool: nothing to route`, { hint: `pools of ${backend}: put accounts in one with pool: NAME` });
  }
  return choice.pool;
}

function routeJson(backend: AccountBackend, d: RouteDecision) {
  return {
    backend, pool: d.pool, chosen: d.chosen, previous: d.previous ?? null, changed: d.changed, allLimited: d.allLimited, reason: d.reason, message: d.message ?? null,
    members: d.members.map((m) => ({
      name: m.name, status: m.status, score: m.score,
      sessionPct: m.reading?.sessionPct ?? null, weeklyPct: m.reading?.weeklyPct ?? null, limited: m.reading?.limited ?? null,
      fetchedAt: m.reading ? new Date(m.reading.fetchedAt).toISOString() : null,
    })),
  };
}

function renderRoute(backend: AccountBackend, d: RouteDecision): string {
  const pct = (v: number | null | undefined) => (v === null || v === undefined ? "-" : `${Math.round(v)}%`);
  const rows = [["MEMBER", "STATUS", "SCORE", "SESSION", "WEEKLY", "AGE", ""]];
  for (const m of d.members) {
    const note = [m.name === d.chosen ? "chosen" : "", m.name === d.previous ? "previous" : ""].filter(Boolean).join(", ");
    rows.push([m.name, m.status, m.score === null ? "-" : String(Math.round(m.score)), pct(m.reading?.sessionPct), pct(m.reading?.weeklyPct), m.reading ? formatAge(Date.now() - m.reading.fetchedAt) : "-", note]);
  }
  return `${backend} pool ${d.pool} → ${d.chosen}: ${d.reason}${d.allLimited ? " (every member is limited)" : ""}\n${formatTable(rows)}`;
}

function describeSync(r: SyncReport): string {
  const head = `${r.backend} account ${r.account} (${r.home})`;
  if (r.isCanonical) return `${head}: the canonical home itself; nothing to share`;
  const parts = [
    r.linked.length > 0 ? `linked ${r.linked.join(", ")} from ${r.canonical}` : `shared state already linked from ${r.canonical}`,
    ...r.notes,
    r.keptLocal.length > 0 ? `kept account-local (${r.canonical} has none): ${r.keptLocal.join(", ")}` : "",
    r.backups.length > 0 ? `moved aside first: ${r.backups.join(", ")}` : "",
  ].filter(Boolean);
  return `${head}: ${parts.join("; ")}`;
}
