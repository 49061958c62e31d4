import { execa } from "execa";
import { HOME_FACTS, readCredentials, type AccountBackend } from "../backends/account-homes.ts";
import { getBackend } from "../backends/index.ts";
import type { AccountEntry } from "../config/accounts.ts";
import type { Config } from "../config/config.ts";
import { AgentmuxError } from "../util/errors.ts";
import { which } from "../util/which.ts";
import { hasCredentials } from "./accounts.ts";
import { syncAccountHome } from "./home-sync.ts";

/**
 * Run the CLI's login flow (`claude auth login`, `codex login`) in this terminal with the account's
 * variable set, so the credentials land in the account's home (its home prepared first). Returns a
 * line saying so; throws when the flow fails or leaves no credentials behind.
 */
export async function loginAccount(config: Config, backend: AccountBackend, account: AccountEntry): Promise<string> {
  const facts = HOME_FACTS[backend];
  const cli = getBackend(backend);
  const program = config.backends[backend]?.program ?? cli.defaultProgram;
  if (!which(program)) throw new AgentmuxError(`${cli.label} is not installed: "${program}" is not on PATH`, { hint: cli.installHint });
  syncAccountHome(backend, account, { create: true });
  const run = await execa(program, [...facts.loginArgs], {
    env: { ...process.env, [facts.variable]: account.home },
    stdio: "inherit",
    reject: false,
  });
  const command = `${facts.variable}=${account.home} ${program} ${facts.loginArgs.join(" ")}`;
  if (run.exitCode !== 0) {
    throw new AgentmuxError(`logging in ${backend} account ${account.name} failed: ${command} exited with ${run.exitCode ?? run.signal ?? "an error"}`, {
      hint: `run agentmux account login ${account.name} again`,
    });
  }
  if (!hasCredentials(backend, account)) {
    throw new AgentmuxError(`logging in ${backend} account ${account.name} left no credentials in ${readCredentials(backend, account.home).where}`, {
      hint: `run agentmux account login ${account.name} again and finish the flow`,
    });
  }
  return `${backend} account ${account.name}: logged in (${account.home})`;
}
