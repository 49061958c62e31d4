import { accountBackend, findAccounts, hasCredentials } from "../accounts/accounts.ts";
import { loginAccount } from "../accounts/login.ts";
import { HOME_FACTS, type AccountBackend } from "../backends/account-homes.ts";
import type { AccountEntry } from "../config/accounts.ts";
import { popupEnv, runInPopup } from "../tmux/popup.ts";
import { AgentmuxError } from "../util/errors.ts";
import { shQuote } from "../util/sh.ts";
import type { Context } from "./context.ts";
import { selfCommand } from "./on-client.ts";

export interface LoginOptions { backend?: string | undefined; popup: boolean; client?: string | undefined }

/** Pure: the sh line the popup runs: this agentmux logging in inline (--no-popup), with the caller's environment. */
export function popupLoginCommand(self: string, backend: AccountBackend, account: AccountEntry, env: NodeJS.ProcessEnv): string {
  const banner = `printf '%s\\n\\n' ${shQuote(`Logging in ${backend} account ${account.name} (${HOME_FACTS[backend].variable}=${account.home})`)}`;
  return `${banner}; ${popupEnv(env)}${self} account login ${shQuote(account.name)} --backend ${backend} --no-popup`;
}

/**
 * `agentmux account login NAME`: inside tmux (or with -L/-S), the CLI's login flow runs in a popup
 * and the outcome is reported here once it closes; outside tmux, or with --no-popup, it runs in
 * this terminal. A popup that cannot be shown (no client, one already open) falls back to this
 * terminal when there is one.
 */
export async function runLogin(ctx: Context, name: string, options: LoginOptions): Promise<string> {
  const config = ctx.config;
  const found = findAccounts(config, name, options.backend === undefined ? undefined : accountBackend(options.backend));
  if (found.length > 1) throw new AgentmuxError(`both claude and codex declare an account "${name}"`, { hint: `say which: agentmux account login ${name} --backend codex` });
  const { backend, account } = found[0] as (typeof found)[number];
  const inTmux = Boolean(process.env["TMUX"] || ctx.server.socketName || ctx.server.socketPath);
  if (!options.popup || !inTmux) return loginAccount(config, backend, account);
  const outcome = await runInPopup(ctx.tmux, { command: popupLoginCommand(selfCommand(ctx), backend, account, process.env), dir: process.cwd(), client: options.client, holdOnFailure: true });
  switch (outcome.kind) {
    case "not-shown":
      if (process.stdin.isTTY) return loginAccount(config, backend, account);
      throw new AgentmuxError(`could not open a popup to log in ${backend} account ${account.name}: ${outcome.reason}`, {
        hint: `run agentmux account login ${account.name} --no-popup in a terminal`,
      });
    case "interrupted":
      throw new AgentmuxError(`logging in ${backend} account ${account.name}: the popup closed before the login finished`, { hint: `run agentmux account login ${account.name} again` });
    case "exited":
      if (outcome.exitCode !== 0 || !hasCredentials(backend, account)) {
        throw new AgentmuxError(`logging in ${backend} account ${account.name} failed${outcome.exitCode === 0 ? `: no credentials in ${account.home}` : ` (exit status ${outcome.exitCode})`}`, {
          hint: `run agentmux account login ${account.name} again`,
        });
      }
      return `${backend} account ${account.name}: logged in (${account.home})`;
  }
}
