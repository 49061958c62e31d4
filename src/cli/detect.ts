import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { detect, explainVerdict, findManifest, formatProblem, identifyAgent, loadManifests, processTree, userManifestDir, verdictLine } from "../detect/index.ts";
import type { DetectInput, LoadedManifests, Manifest, Verdict } from "../detect/index.ts";
import { findSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { stripAnsi } from "../util/text.ts";
import { Context, printJson } from "./context.ts";
import { daemonExplain } from "./explain.ts";
import { formatExplain, type Explained } from "./explain-format.ts";
import { block, out, shown, warn } from "../util/terminal-text.ts";

interface DetectOptions { file?: string; backend?: string; title?: string; explain?: boolean; json?: boolean }

/** What is judged: a manifest, a screen and title, and the pane they came from (none for --file). */
interface Subject { manifest: Manifest; input: DetectInput; pane?: { pane: string; name: string; exited: boolean } }

const FACTS_FORMAT = ["#{alternate_on}", "#{pane_pid}", "#{pane_current_command}", "#{pane_title}"].join("\x1f");

export function registerDetect(program: Command): void {
  program
    .command("detect")
    .description("tell a session's state from its screen and title with its agent's manifest (or a saved screen's, with --file)")
    .argument("[target]", "pane id, display name or instance name")
    .option("--file <screen>", "a saved screen (tmux capture-pane -p) instead of a pane; '-' reads standard input")
    .option("-b, --backend <name>", "the agent whose manifest to use: needed with --file; with TARGET it overrides the session's own")
    .option("--title <title>", "the pane title that goes with the screen (with TARGET it overrides the pane's)")
    .option("--explain", "show the rule that fired and the rules that nearly did")
    .option("--json", "print {agent, state, cause, region, rule, priority, evidence, near, ...} as JSON")
    .action(async (target: string | undefined, options: DetectOptions, command: Command) => {
      const loaded = loadManifests();
      for (const problem of loaded.problems) warn(formatProblem(problem));
      const subject = target === undefined ? fromFile(options, loaded) : await fromPane(Context.of(command), target, options, loaded);
      const verdict: Verdict = subject.pane?.exited
        ? { state: "unknown", rule: null, priority: null, evidence: null, near: [], paused: false, cause: null, region: null }
        : detect(subject.manifest, subject.input);
      // For a live session, the daemon's decision over every channel (the screen is one of them).
      const decision = options.explain && subject.pane && !subject.pane.exited ? await daemonExplain(Context.of(command), subject.pane.pane) : null;
      print(subject, verdict, options, decision);
    });
}

function print(subject: Subject, verdict: Verdict, options: DetectOptions, decision: Explained | null): void {
  const { manifest, input, pane } = subject;
  if (options.json) {
    printJson({ agent: manifest.name, ...verdict, title: input.title ?? null, ...(pane ? { pane: pane.pane, name: pane.name, exited: pane.exited } : {}), ...(decision ? { decision } : {}) });
    return;
  }
  const lines = options.explain ? explainVerdict(manifest, verdict) : [verdictLine(manifest.name, verdict)];
  if (pane?.exited) lines.push(`  ${pane.name} (${pane.pane}) has exited: its screen is no longer the agent's`);
  else if (options.explain && pane) lines.splice(1, 0, `  pane: ${pane.pane} (${pane.name}), title ${JSON.stringify(input.title ?? "")}`);
  if (decision && pane) lines.push("the daemon's decision (agentmux explain):", ...formatExplain(pane.name, decision).map((l) => `  ${l}`));
  out(shown`${block(lines.join("\n"))}\n`);
}

function fromFile(options: DetectOptions, loaded: LoadedManifests): Subject {
  if (options.file === undefined) {
    throw new AgentmuxError("nothing to detect: give a TARGET, or --file SCREEN --agent NAME", { hint: "e.g. agentmux detect %3, or agentmux detect --file screen.txt --agent claude --explain" });
  }
  if (options.backend === undefined) {
    throw new AgentmuxError(`--file ${options.file} needs --agent NAME`, { hint: `one of: ${agentNames(loaded)}` });
  }
  const manifest = manifestFor(options.backend, loaded);
  let text: string;
  try {
    text = readFileSync(options.file === "-" ? 0 : options.file, "utf8");
  } catch (error) {
    throw new AgentmuxError(`cannot read the screen file ${options.file}: ${(error as Error).message}`, {
      hint: "save a screen with: tmux capture-pane -p -t PANE > screen.txt", cause: error,
    });
  }
  return { manifest, input: { screen: stripAnsi(text), title: options.title } };
}

async function fromPane(ctx: Context, target: string, options: DetectOptions, loaded: LoadedManifests): Promise<Subject> {
  if (options.file !== undefined) throw new AgentmuxError(`give a TARGET or --file, not both (${target}, --file ${options.file})`, { hint: "drop one of them" });
  const session = await resolvePane(ctx, target);
  const [alternate = "", pid = "", command = "", ...rest] = ((await ctx.tmux.query(session.pane, FACTS_FORMAT)) ?? "").split("\x1f");
  const title = options.title ?? rest.join("\x1f");
  let agent = options.backend ?? (findManifest(loaded.manifests, session.backend) ? session.backend : null);
  agent ??= identifyAgent(loaded.manifests, { command, title, processes: await processTree(Number(pid)) });
  if (agent === null) {
    throw new AgentmuxError(`cannot tell which agent runs in ${session.name} (${session.pane}): backend ${session.backend}, command ${command || "none"}`, {
      hint: `name its manifest with --agent ${loaded.manifests.map((m) => m.name).join("|")}`,
    });
  }
  const manifest = manifestFor(agent, loaded);
  const screen = session.dead ? "" : await ctx.tmux.capture(session.pane);
  return { manifest, input: { screen, title, alternate: alternate === "1" }, pane: { pane: session.pane, name: session.name, exited: session.dead } };
}

/** An agentmux session, or (config-free) any pane by its id, such as a Claude Code started by hand. */
async function resolvePane(ctx: Context, target: string): Promise<{ pane: string; name: string; backend: string; dead: boolean }> {
  try {
    return await findSession(ctx.tmux, target);
  } catch (error) {
    if (!/^%\d+$/.test(target)) throw error;
    const dead = await ctx.tmux.query(target, "#{pane_dead}");
    if (dead === null) throw error;
    return { pane: target, name: target, backend: "", dead: dead === "1" };
  }
}

function manifestFor(name: string, loaded: LoadedManifests): Manifest {
  const manifest = findManifest(loaded.manifests, name);
  if (manifest) return manifest;
  const broken = loaded.problems.some((p) => p.file.replace(/^.*\//, "").replace(/\.ya?ml$/, "") === name);
  throw new AgentmuxError(`no manifest for agent "${name}"${broken ? " (its file has errors, see the warnings above)" : ""}`, {
    hint: `known agents: ${agentNames(loaded)}; add one as ${userManifestDir()}/${name}.yml`,
  });
}

function agentNames(loaded: LoadedManifests): string {
  return loaded.manifests.map((m) => m.name).join(", ") || "none";
}
