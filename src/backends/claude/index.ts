import type { AccountSupport, Backend, LaunchRequest, LaunchSpec } from "../shared/types.ts";
import { claudeThemeSync } from "./theme.ts";
import { claudeLineage } from "./lineage.ts";
import { claudeHistory, claudeSystemPromptArgs } from "./history.ts";
import { agentsLiveReport } from "./agents.ts";
import { claudeAgents, claudeConfigDirOfPane, claudeLiveAgrees, readClaudeLiveFile } from "./live.ts";
import { claudeStatusLine } from "./status.ts";
import { claudeSettingsDir, prepareClaudeLaunchArgs, pruneSettingsFiles } from "./settings.ts";
import { positionalPrompt } from "../shared/prompt-arg.ts";
import { claudeAccounts } from "./account.ts";
import { claudeGlobalSetup } from "./global-setup.ts";
import { claudeSetupSteps } from "./setup-steps.ts";
import { CLAUDE_HOOKS } from "./hook-events.ts";
import { claudeOutsideConfig } from "./outside-config.ts";
import { claudeMcp } from "./mcp.ts";
import { claudeSkillDirectories } from "./skills.ts";
import { claudeRunner } from "./runner.ts";

/**
 * Claude's input box: "❯" followed by a no-break space (in a "│" box in older versions). Its one
 * definition for the backend (the ready check, the line send watches, the draft check); the
 * manifest's promptBox (manifests/claude.yml) is the detector's, anchored at column 0. An ordinary
 * space after "❯" is not the input box: the echo of a prompt sent ("❯ Say hello") or a dialog's
 * selected choice (" ❯ 1. Yes, I trust this folder"), which the ready check once took for it.
 */
const INPUT_LINE = /^\s*(?:│\s*❯[\s\u00a0]|❯\u00a0)/;

/** Claude Code: `claude [prompt]`, `--resume ID`, `--resume ID --fork-session`. */
export const claude: Backend & { readonly accounts: AccountSupport } = {
  name: "claude",
  label: "Claude Code",
  icon: "✻",
  defaultProgram: "claude",
  installHint: "install Claude Code: npm install -g @anthropic-ai/claude-code",
  takesPrompt: true,
  skillPrefix: "/",
  readyPattern: new RegExp(INPUT_LINE.source, "m"),
  inputLine: INPUT_LINE,
  // Claude Code 2.1.197 lists queued prompts above the input box ("  ❯ queued follow-up") and puts this placeholder in it.
  queuedPrompts: /Press up to edit queued messages/,
  resumeLine: /\bclaude\s+(?:\S+\s+){0,8}?(?:--resume|-r)[\s=]+['"]?([A-Za-z0-9][\w-]{7,})/,
  hooks: CLAUDE_HOOKS,
  outsideConfig: claudeOutsideConfig,
  mcp: claudeMcp,
  launch(request: LaunchRequest): LaunchSpec {
    const argv = [request.program, ...request.args];
    if (request.mode.kind === "resume") argv.push("--resume", request.mode.id);
    if (request.mode.kind === "fork") argv.push("--resume", request.mode.id, "--fork-session");
    argv.push(...positionalPrompt(request.prompt));
    return { argv, env: {} };
  },
  // Every Claude session gets agentmux's hooks and status line through its own --settings file.
  prepare: (argv, context) => prepareClaudeLaunchArgs({ argv, ...context }).argv,
  readLive: readClaudeLiveFile,
  // `claude agents --json` (docs/backends/claude.md): one query per config directory, settled after each event.
  liveConfigDir: claudeConfigDirOfPane,
  queryLive: (configDir) => claudeAgents.query(configDir),
  liveReport: (result, sessionId, lastEventAt) => agentsLiveReport(result, sessionId, lastEventAt),
  liveAgrees: claudeLiveAgrees,
  parseStatusLine: claudeStatusLine,
  lineage: claudeLineage,
  history: claudeHistory,
  syncTheme: claudeThemeSync,
  systemPromptArgs: claudeSystemPromptArgs,
  skillDirectories: claudeSkillDirectories,
  runner: claudeRunner,
  resumeArgs: (state) => [
    ...(state.model ? ["--model", state.model] : []),
    ...(state.permissionMode && state.permissionMode !== "default" ? ["--permission-mode", state.permissionMode] : []),
  ],
  globalSetup: claudeGlobalSetup,
  setupSteps: claudeSetupSteps,
  accounts: claudeAccounts,
  // Each launch writes a --settings file; those unused for a week go.
  housekeeping: (stateDir, now) => {
    const pruned = pruneSettingsFiles(claudeSettingsDir(stateDir), now);
    return pruned.length > 0 ? `deleted ${pruned.length} Claude settings file(s) unused for a week` : null;
  },
};
