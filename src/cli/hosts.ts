import type { Command } from "commander";
import { layoutFor } from "../daemon/start.ts";
import { hostSnapshots } from "../hosts/known.ts";
import { checkHost } from "../hosts/check.ts";
import { hostNamed } from "../hosts/address.ts";
import { hostJson, hostRows } from "../hosts/report.ts";
import { emptySnapshot } from "../hosts/snapshot.ts";
import { ensureLayout } from "../daemon/places.ts";
import { ensureControlDir } from "../hosts/ssh.ts";
import { AgentmuxError } from "../util/errors.ts";
import { block, out, shown } from "../util/terminal-text.ts";
import { Context, printJson } from "./context.ts";
import { formatTable } from "./list.ts";

export function registerHosts(program: Command): void {
  const hosts = program
    .command("hosts")
    .description("other machines whose sessions show here, over ssh: reachable or not, and since when (docs/hosts.md)")
    .option("--json", "print JSON")
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      const configured = ctx.config.hosts;
      const snapshots = await hostSnapshots(ctx.tmux, configured);
      const now = Date.now();
      if (options.json) { printJson(configured.map((h, i) => hostJson(h, snapshots[i] ?? emptySnapshot(h.name), now))); return; }
      if (configured.length === 0) { out(shown`no hosts configured (add them under hosts: in the config: docs/hosts.md)\n`); return; }
      out(shown`${block(formatTable(hostRows(configured, snapshots, now)))}\n`);
    });

  hosts
    .command("check")
    .description("try a host's link step by step and say what fails: ssh, agentmux there, its stream")
    .argument("<name>", "a host's name from the config")
    .option("--json", "print JSON")
    .action(async (name: string, options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      // --json may be parsed as `hosts`' own flag: either one asks for JSON.
      const json = options.json === true || command.parent?.opts<{ json?: boolean }>().json === true;
      const host = hostNamed(ctx.config.hosts, name);
      const layout = await layoutFor(ctx.tmux);
      ensureLayout(layout);
      ensureControlDir(layout.dir);
      const steps = await checkHost(host, layout.dir);
      const failed = steps.find((s) => !s.ok);
      if (json) printJson({ ok: !failed, host: host.name, steps });
      else out(shown`${block(steps.map((s) => `${s.ok ? "ok  " : "FAIL"} ${s.step}: ${s.said}`).join("\n"))}\n`);
      if (failed) throw new AgentmuxError(failed.said, { hint: "fix it, then run agentmux hosts check again" });
    });
}
