import { HOME_FACTS, isAccountBackend } from "../backends/account-homes.ts";
import type { Config } from "../config/config.ts";
import { accountsOf } from "./accounts.ts";

type Env = Record<string, string | undefined>;

/** The environment that names the home a backend's CLI writes to under an account ("" or unknown: env as given, the CLI's default home). */
export function homeEnv(config: Config, backend: string, account: string, env: Env = process.env): Env {
  if (!isAccountBackend(backend) || account === "") return env;
  const entry = config.backends[backend]?.accounts?.[account];
  return entry ? { ...env, [HOME_FACTS[backend].variable]: entry.home } : env;
}

/** Every home a backend's conversations can be in: each configured account's (named), then the default one (account ""). */
export function accountHomes(config: Config, backend: string, env: Env = process.env): Array<{ account: string; env: Env }> {
  const accounts = isAccountBackend(backend) ? accountsOf(config, backend) : [];
  return [...accounts.map((a) => ({ account: a.name, env: homeEnv(config, backend, a.name, env) })), { account: "", env }];
}
