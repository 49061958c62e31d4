import type { AccountSupport, Backend, LaunchRequest, LaunchSpec } from "../shared/types.ts";
import { codexThemeSync } from "./theme.ts";
import { codexHome, prepareCodexHome } from "./hooks.ts";
import { codexLineage } from "./lineage.ts";
import { codexHistory, codexSystemPromptArgs } from "./history.ts";
import { positionalPrompt } from "../shared/prompt-arg.ts";
import { codexAccounts } from "./account.ts";
import { CODEX_HOOKS } from "./hook-events.ts";
import { codexOutsideConfig } from "./outside-config.ts";
import { codexMcp } from "./mcp.ts";
import { codexSkillDirectories } from "./skills.ts";
import { codexRunner } from "./runner.ts";
import { codexDoctorChecks } from "./trust-state.ts";

/** The composer line: "› " followed by the text or the placeholder (the ready check and the line send watches). */
const INPUT_LINE = /^\s*›\s/;

/** Codex CLI: `codex [prompt]`, `codex resume ID [prompt]`, `codex fork ID [prompt]` (its hooks, home and files: docs/backends/codex.md). */
export const codex: Backend & { readonly accounts: AccountSupport } = {
  name: "codex",
  label: "Codex",
  icon: "◎",
  defaultProgram: "codex",
  installHint: "install Codex: npm install -g @openai/codex",
  takesPrompt: true,
  skillPrefix: "$",
  readyPattern: new RegExp(INPUT_LINE.source, "m"),
  inputLine: INPUT_LINE,
  resumeLine: /\bcodex\s+(?:\S+\s+){0,8}?resume\s+['"]?([A-Za-z0-9][\w-]{7,})/,
  hooks: CODEX_HOOKS,
  outsideConfig: codexOutsideConfig,
  mcp: codexMcp,
  doctorChecks: codexDoctorChecks,
  launch(request: LaunchRequest): LaunchSpec {
    const argv = [request.program];
    if (request.mode.kind === "new") {
      argv.push(...request.args);
    } else {
      argv.push(request.mode.kind, ...request.args, request.mode.id);
    }
    argv.push(...positionalPrompt(request.prompt));
    return { argv, env: {} };
  },
  // Codex reads hooks only from its home: agentmux's entries, trusted (and nothing else), and notify.
  prepare: (argv, context) => {
    prepareCodexHome({ codexHome: codexHome(context.env) });
    return argv;
  },
  lineage: codexLineage,
  history: codexHistory,
  syncTheme: codexThemeSync,
  systemPromptArgs: codexSystemPromptArgs,
  skillDirectories: codexSkillDirectories,
  runner: codexRunner,
  // Codex reports bypassPermissions for a session started with the bypass flag (or --yolo).
  resumeArgs: (state) => [
    ...(state.model ? ["--model", state.model] : []),
    ...(state.permissionMode === "bypassPermissions" ? ["--dangerously-bypass-approvals-and-sandbox"] : []),
  ],
  accounts: codexAccounts,
};
