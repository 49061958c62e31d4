import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { detect, parseManifest, type Manifest, findManifest, identifyAgent, loadManifests } from "../../../src/detect/index.ts";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../helpers/tmux-server.ts";

const BUILTIN = readdirSync(join(ROOT, "manifests")).filter((f) => f.endsWith(".yml")).map((f) => f.slice(0, -4)).sort();

// The matcher and the resolution, on small manifests written for each case.
function manifest(yaml: string, file = "/agents/t.yml"): Manifest {
  const { manifest: m, problems } = parseManifest(yaml, file, { builtin: false });
  assert.deepEqual(problems, []);
  assert.ok(m);
  return m;
}

const rules = (...r: string[]) => manifest(`promptBox: '^> '\nrules:\n${r.join("\n")}\n`);
const r = (name: string, state: string, priority: number, body: string) => `  - {name: ${name}, state: ${state}, priority: ${priority}, ${body}}`;

// Every real screen captured from the four CLIs, with its title, gives the state the fixtures' README names.
const REAL = join(ROOT, "test", "fixtures", "real");
const SCREENS = join(REAL, "screens");
const { manifests, problems } = loadManifests({ userDir: "/nonexistent" });

/** `| claude-ask-one | claude | blocked | question |` rows of the README's table; a cause in parentheses is a note, not a cause. */
function expectedStates(): Map<string, { agent: string; state: string; cause: string | null }> {
  const rows = new Map<string, { agent: string; state: string; cause: string | null }>();
  for (const line of readFileSync(join(REAL, "README.md"), "utf8").split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const [, screen, agent, state, cause = ""] = cells;
    if (cells.length === 6 && screen && agent && state && /^[a-z]+-[a-z0-9-]+$/.test(screen)) {
      rows.set(screen, { agent, state: state.split(" ")[0] ?? "", cause: /^[a-z][a-z0-9-]*$/.test(cause) ? cause : null });
    }
  }
  return rows;
}

function meta(name: string): Record<string, string> {
  const entries = readFileSync(join(SCREENS, `${name}.meta.txt`), "utf8").split("\n").filter((l) => l.includes("="));
  return Object.fromEntries(entries.map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
}

// A row per rule of every built-in manifest, plus the traps of issue 4.
const real = (name: string) => readFileSync(join(ROOT, "test", "fixtures", "real", "screens", `${name}.txt`), "utf8");
const rule = "─".repeat(60);

const claudeScreen = (above: string[], input = "") => [" ▐▛███▜▌   Claude Code v2.1.197", "", ...above, "", rule, `❯\u00a0${input}`, rule, "  ? for shortcuts", "", ""].join("\n");
const codexScreen = (above: string[]) => ["  >_ OpenAI Codex (v0.171.0)", "", ...above, "", "› Ask Codex to do anything", "", "  gpt-5.1-codex default · ~/work", "  ← for agents · ? for shortcuts"].join("\n");
const opencodeScreen = (above: string[], footer: string) => ["", "  ┃", "  ┃  Say hello", "  ┃", "", ...above, "", "  ┃", "  ┃  Build · Claude Sonnet 4.5 (latest) Anthropic", `  ╹${"▀".repeat(60)}`, footer].join("\n");
const piScreen = (above: string[], box: string[] = [""]) => [" pi v0.73.1", "", ...above, "", rule, ...box, rule, "/home/dev/work", "↑12 ↓20 0.0%/200k (auto)          claude-sonnet-4-5"].join("\n");
const copilotScreen = (above: string[], footer = " ← open sidebar · Interactive · Manual Approval · / commands · ? help · tab next tab", input = "❯") => ["  ╭─╮╭─╮", "  ╰─╯╰─╯  Copilot v1.0.102 uses AI.", "", ...above, "", " ~/work", rule, input, rule, footer].join("\n");
const auggieScreen = (above: string[]) => ["Get started with Auggie", "", ...above, rule, "›  ", rule, " ? to show shortcuts                /work"].join("\n");
const geminiScreen = (above: string[]) => [" ▝▜▄     Gemini CLI v0.61.0", "", ...above, rule, " Shift+Tab to accept edits", "", " >   Type your message or @path/to/file", "", " workspace (/directory)      sandbox      /model", " ~/work                      no sandbox   Auto"].join("\n");
const demoScreen = (below: string[]) => ["reviewer · a demo agent of agentmux (type anything and press Enter)", ...below].join("\n");
const qwenScreen = (above: string[]) => ["  │ >_ Qwen Code (v0.15.10)  │", "", ...above, rule, ">   Type your message or @path/to/file", rule, "  ? for shortcuts"].join("\n");

interface Row { name: string; agent: string; screen: string; title?: string; alternate?: boolean; state: string; rule?: string; cause?: string | null }

const rows: Row[] = [
  // Claude Code
  { name: "permission dialog", agent: "claude", screen: real("claude-permission"), title: "✳ Fix the bug", state: "blocked", rule: "permission", cause: "permission" },
  { name: "WebFetch permission: no key-hint line", agent: "claude", screen: real("claude-permission-webfetch"), title: "✳ x", state: "blocked", rule: "permission", cause: "permission" },
  { name: "trust dialog, ✳ title", agent: "claude", screen: real("claude-dialog-trust-folder"), title: "✳ Claude Code", state: "blocked", rule: "trust", cause: "trust" },
  { name: "API-key question", agent: "claude", screen: real("claude-dialog-custom-api-key"), title: "vm", state: "blocked", rule: "api-key", cause: "api-key" },
  { name: "AskUserQuestion: ❯ 1. Red at column 0", agent: "claude", screen: real("claude-ask-one"), title: "✳ x", state: "blocked", rule: "question", cause: "question" },
  { name: "AskUserQuestion, several questions: the answers' review has no key hints", agent: "claude", screen: real("claude-ask-tabs-submit"), title: "✳ x", state: "blocked", rule: "question", cause: "question" },
  { name: "MCP elicitation under a running spinner", agent: "claude", screen: real("claude-mcp-elicitation"), title: "⠂ x", state: "blocked", rule: "elicitation", cause: "question" },
  { name: "plan approval, plan box scrolled off, no Esc hint", agent: "claude", screen: real("claude-plan-long"), title: "✳ x", state: "blocked", rule: "plan", cause: "plan" },
  { name: "Exit plan mode?", agent: "claude", screen: real("claude-plan-exit"), title: "✳ x", state: "blocked", rule: "plan", cause: "plan" },
  { name: "an unknown picker: a selected choice and no input box", agent: "claude", screen: [rule, " Select model", " ❯ 1. Default (recommended)", "   2. Opus"].join("\n"), title: "✳ x", state: "blocked", rule: "dialog", cause: null },
  { name: "interrupted turn", agent: "claude", screen: real("claude-interrupted"), title: "✳ x", state: "blocked", rule: "interrupted", cause: "interrupted" },
  { name: "interrupted, then a new prompt sent (title not yet spinning)", agent: "claude", screen: claudeScreen(["  ⎿  Interrupted · What should Claude do instead?", "", "❯ Say hello please"]), title: "✳ x", state: "idle", rule: "title-idle", cause: null },
  { name: "interrupted further up, a turn since", agent: "claude", screen: real("claude-idle-after-interrupt"), title: "✳ x", state: "idle", rule: "title-idle", cause: null },
  { name: "the prompt ❯ 1. Red at column 0 in the transcript", agent: "claude", screen: real("claude-typed-numbered-answer"), title: "✳ x", state: "idle", rule: "title-idle" },
  { name: "a background agent after the turn, spinner title", agent: "claude", screen: real("claude-background-agent"), title: "⠂ x", state: "idle", rule: "background", cause: "background" },
  { name: "a foreground agent: the main turn's spinner", agent: "claude", screen: real("claude-foreground-agent"), title: "⠐ x", state: "working", rule: "spinner" },
  { name: "a retried 429", agent: "claude", screen: real("claude-retrying-429"), title: "⠂ x", state: "working", rule: "retrying", cause: "retrying" },
  { name: "API error after the turn", agent: "claude", screen: real("claude-api-error"), title: "✳ x", state: "idle", rule: "api-error", cause: "error" },
  { name: "rate limit after the turn", agent: "claude", screen: real("claude-rate-limit"), title: "✳ x", state: "idle", rule: "rate-limit", cause: "rate-limit" },
  { name: "older boxed permission dialog", agent: "claude", screen: ["╭────╮", "│ Bash command                                   │", "│ Do you want to proceed?                        │", "│ ❯ 1. Yes                                       │", "│   2. No, and tell Claude what to do differently (esc) │", "╰────╯"].join("\n"), state: "blocked", rule: "dialog" },
  { name: "resume picker, ✳ title", agent: "claude", title: "✳ Claude Code", state: "blocked", rule: "resume-picker",
    screen: [" Resume session (1 of 3)", " ⌕ Search…", "", " ❯ Fix the login bug", "   2 minutes ago · 12 messages · main", "   Add tests for the parser", "   1 hour ago · 40 messages · main", "", " Space to preview · Ctrl+R to rename · Type to search · Esc to cancel"].join("\n") },
  { name: "spinner without esc to interrupt, ✳ title", agent: "claude", screen: claudeScreen(["❯ Refactor the parser", "", "✢ Channelling… (2m 54s · ↓ 2.5k tokens · thinking)"]), title: "✳ Refactor", state: "working", rule: "spinner" },
  { name: "spinner, no title", agent: "claude", screen: claudeScreen(["* Moonwalking… (2s · ↓ 6 tokens)", "  ⎿  Tip: Start with small features"]), state: "working", rule: "spinner" },
  { name: "a dialog's key hints alone, its choices scrolled off a short pane", agent: "claude", screen: ["  3. [ ] Label", "  Its name on top", "  4. [ ] Type something", "     Submit", rule, "  5. Chat about this", "", "Enter to select · ↑/↓ to navigate · Esc to cancel"].join("\n"), title: "✳ Pick", state: "blocked", rule: "dialog-hints" },
  { name: "esc to interrupt on a non-spinner line", agent: "claude", screen: claudeScreen(["  ⎿  Running PreToolUse hooks… (esc to interrupt)"]), state: "working", rule: "esc-to-interrupt" },
  { name: "braille title", agent: "claude", screen: claudeScreen(["● Streaming an answer"]), title: "⠐ Refactor", state: "working", rule: "title-spinner" },
  { name: "✳ title", agent: "claude", screen: "", title: "✳ Refactor", state: "idle", rule: "title-idle" },
  { name: "prompt, no title", agent: "claude", screen: claudeScreen(["✻ Churned for 3s"]), state: "idle", rule: "prompt" },
  { name: "prose: would you like … yes", agent: "claude", title: "✳ Refactor", state: "idle",
    screen: claudeScreen(["● I can apply the fix. Would you like me to proceed? Answer yes or no.", "  1. Yes, apply it", "  2. No", "  Esc to cancel is how you stop me"]) },
  { name: "an answer's bullet with an ellipsis is not a spinner", agent: "claude", screen: claudeScreen(["● Done:", "* Updating… (2 files)", "✻ Churned for 3s"]), title: "✳ x", state: "idle", rule: "title-idle" },
  { name: "a typed numbered line in the prompt", agent: "claude", screen: claudeScreen(["✻ Churned for 3s"], "1. Esc to cancel the build"), state: "idle", rule: "prompt" },
  { name: "slash-command menu after exit", agent: "claude", screen: real("claude-after-exit"), state: "unknown" },

  // Codex
  { name: "approval", agent: "codex", screen: real("codex-permission"), title: "E2E | work", alternate: true, state: "blocked", rule: "approval", cause: "permission" },
  { name: "patch approval", agent: "codex", screen: real("codex-patch-approval"), title: "E2E | work", alternate: true, state: "blocked", rule: "approval", cause: "permission" },
  { name: "folder trust", agent: "codex", screen: real("codex-dialog-trust-folder"), title: "vm", alternate: true, state: "blocked", rule: "trust", cause: "trust" },
  { name: "a selection over enter continue", agent: "codex", screen: ["  Pick a mode", "› 1. Fast", "  2. Thorough", "  enter continue · esc back"].join("\n"), alternate: true, state: "blocked", rule: "selection", cause: null },
  { name: "usage limit", agent: "codex", screen: real("codex-rate-limit"), title: "E2E | work", alternate: true, state: "idle", rule: "usage-limit", cause: "rate-limit" },
  { name: "interrupted, then a new prompt answered", agent: "codex", screen: real("codex-idle-after-interrupt"), title: "E2E | work", alternate: true, state: "idle", rule: "composer", cause: null },
  { name: "approval, minimal", agent: "codex", alternate: true, state: "blocked", rule: "approval",
    screen: ["• Running rm -rf build", "", "  Would you like to run the following command?", "", "  $ rm -rf build", "", "› 1. Yes, proceed (y)", "  2. No, and tell Codex what to do differently (esc)", "", "  Press enter to confirm or esc to cancel"].join("\n") },
  { name: "hooks review", agent: "codex", screen: real("codex-startup-untrusted-hooks"), title: "vm", state: "blocked", rule: "hooks-review", cause: "hooks" },
  { name: "title Action Required", agent: "codex", screen: codexScreen(["• Running touch x"]), title: "[ ! ] Action Required | E2E | work", alternate: true, state: "blocked", rule: "title-action-required" },
  { name: "Working status line", agent: "codex", screen: codexScreen(["› Run the tests", "", "• Working (12s • esc to interrupt)"]), title: "E2E | work", alternate: true, state: "working", rule: "status-line" },
  { name: "an approval without its key-hint line", agent: "codex", screen: ["• Running rm -rf build", "  Would you like to run the following command?", "  $ rm -rf build", "› 1. Yes, proceed (y)", "  2. No, and tell Codex what to do differently (esc)"].join("\n"), alternate: true, state: "blocked", rule: "approval-choices", cause: "permission" },
  { name: "an MCP tool call to approve", agent: "codex", screen: ["  Allow the e2e MCP server to run tool \"echo\"?", "  text: from the fake model", "› 1. Approve Once", "  2. Deny", "  enter to submit | esc to cancel"].join("\n"), alternate: true, state: "blocked", rule: "mcp-approval", cause: "permission" },
  { name: "the model asks (request_user_input)", agent: "codex", screen: ["  Which colour should the marker be?", "› 1. Red", "  2. Blue", "  3. None of the above", "  enter to submit answer · esc to cancel"].join("\n"), alternate: true, state: "blocked", rule: "question", cause: "question" },
  { name: "a reasoning header with ◦", agent: "codex", screen: codexScreen(["◦ Exploring the parser (3s • esc to interrupt)"]), alternate: true, state: "working", rule: "status-line" },
  { name: "interrupted, stale spinner title", agent: "codex", screen: codexScreen(["› Run the tests", "", "■ Conversation interrupted - tell the model what to do differently. Something went wrong? Hit `/feedback` to report the issue."]), title: "⠋ E2E | work", alternate: true, state: "blocked", rule: "interrupted", cause: "interrupted" },
  { name: "streaming answer, braille title", agent: "codex", screen: codexScreen(["• This is a slow streamed"]), title: "⠙ E2E | work", alternate: true, state: "working", rule: "title-spinner" },
  { name: "composer", agent: "codex", screen: codexScreen(["• Hello.", "", "  Worked for 2s • 15:30"]), title: "E2E | work", alternate: true, state: "idle", rule: "composer" },
  { name: "prose: would you like … yes", agent: "codex", screen: codexScreen(["• Would you like me to run the following command? Reply yes.", "  Press enter to confirm is what the tool said."]), alternate: true, state: "idle", rule: "composer" },

  // opencode
  { name: "permission", agent: "opencode", screen: real("opencode-permission"), title: "OC | Fake", alternate: true, state: "blocked", rule: "permission" },
  { name: "question tool", agent: "opencode", screen: real("opencode-question"), title: "OC | x", alternate: true, state: "blocked", rule: "question", cause: "question" },
  { name: "another dialog in the ┃ column: its key hints", agent: "opencode", screen: ["     ▣  Build · Claude Sonnet 4.5 (latest)", "", "  ┃", "  ┃  △ Compact the session?", "  ┃", "  ┃   Confirm   Cancel                      ⇆ select  enter confirm", "  ┃"].join("\n"), title: "OC | x", alternate: true, state: "blocked", rule: "dialog" },
  { name: "the home screen cut to its last line", agent: "opencode", screen: "  /home/dev/e2e/work-opencode                                                1.18.33", title: "OpenCode", alternate: true, state: "idle", rule: "home" },
  { name: "interrupted turn", agent: "opencode", screen: real("opencode-interrupted"), title: "OC | x", alternate: true, state: "blocked", rule: "interrupted", cause: "interrupted" },
  { name: "a typed numbered prompt is not its question", agent: "opencode", screen: opencodeScreen(["  ┃  1. Red", "     Hello."], "   ~/work   32 (0%)  ctrl+p commands"), alternate: true, state: "idle", rule: "footer" },
  { name: "esc interrupt footer", agent: "opencode", screen: opencodeScreen(["     This is a slow"], "   ⬝⬝⬝⬝■■⬝⬝  esc interrupt        32 (0%) · $0.00  ctrl+p commands"), alternate: true, state: "working", rule: "footer-interrupt" },
  { name: "idle footer", agent: "opencode", screen: opencodeScreen(["     Hello."], "   ~/work                      32 (0%)  ctrl+p commands"), alternate: true, state: "idle", rule: "footer" },
  { name: "prose: would you like … yes", agent: "opencode", screen: opencodeScreen(["     Permission required? Would you like me to create it? Allow once or Reject, yes?"], "   ~/work   ctrl+p commands"), alternate: true, state: "idle", rule: "footer" },

  // Kilo CLI (opencode's layout)
  { name: "permission", agent: "kilo", screen: real("kilo-permission"), title: "Kilo CLI | Fake", alternate: true, state: "blocked", rule: "permission", cause: "permission" },
  { name: "question tool", agent: "kilo", screen: real("kilo-question"), title: "Kilo CLI | x", alternate: true, state: "blocked", rule: "question", cause: "question" },
  { name: "another dialog in the ┃ column: its key hints", agent: "kilo", screen: ["     ▣  Code · Claude Sonnet 4.5 (latest)", "", "  ┃", "  ┃  △ Compact the session?", "  ┃", "  ┃   Confirm   Cancel                      ⇆ select  enter confirm", "  ┃"].join("\n"), title: "Kilo CLI | x", alternate: true, state: "blocked", rule: "dialog" },
  { name: "the home screen cut to its last line", agent: "kilo", screen: "  /home/dev/e2e/work-kilo                                                    7.7.7", title: "Kilo CLI", alternate: true, state: "idle", rule: "home" },
  { name: "interrupted turn", agent: "kilo", screen: real("kilo-interrupted"), title: "Kilo CLI | x", alternate: true, state: "blocked", rule: "interrupted", cause: "interrupted" },
  { name: "esc interrupt footer", agent: "kilo", screen: real("kilo-working"), title: "Kilo CLI", alternate: true, state: "working", rule: "footer-interrupt" },
  { name: "idle footer", agent: "kilo", screen: real("kilo-after-turn"), title: "Kilo CLI | x", alternate: true, state: "idle", rule: "footer" },

  // Gemini CLI
  { name: "confirmation box, no title", agent: "gemini", screen: real("gemini-permission"), state: "blocked", rule: "confirmation" },
  { name: "ask_user question box", agent: "gemini", screen: real("gemini-question"), title: "✋  Action Required (work)", state: "blocked", rule: "question", cause: "question" },
  { name: "another boxed choice in the input box's place", agent: "gemini", screen: [" > E2E_LOOP go", "", "╭──────────────────────────────────────────╮", "│ ? A potential loop was detected          │", "│                                          │", "│ ● 1. Keep loop detection enabled (esc)   │", "│   2. Disable loop detection for this session │", "╰──────────────────────────────────────────╯"].join("\n"), state: "blocked", rule: "dialog" },
  { name: "title ✋ Action Required", agent: "gemini", screen: geminiScreen(["✦ Running a tool."]), title: "✋  Action Required (work)", state: "blocked", rule: "title-action-required" },
  { name: "title ✦ Working", agent: "gemini", screen: geminiScreen([" > Say hello"]), title: "✦  Working… (work)", state: "working", rule: "title-working" },
  { name: "esc to cancel, no title", agent: "gemini", screen: geminiScreen([" ⠸ Thinking... (esc to cancel, 1s)"]), state: "working", rule: "esc-to-cancel" },
  { name: "title ◇ Ready", agent: "gemini", screen: "", title: "◇  Ready (work)", state: "idle", rule: "title-ready" },
  { name: "input box, no title", agent: "gemini", screen: geminiScreen(["✦ Hello."]), state: "idle", rule: "input-box" },
  // Pi (its dialogs are its extensions' ctx.ui ones)
  // agentmux's demo agent (etc/demo/agent.js draws these)
  { name: "the demo's permission dialog", agent: "demo", screen: demoScreen(["● I need to push to a shared branch.", "", " Bash command", "   git push --force-with-lease", "   Push to the shared branch", "", " Do you want to proceed?", " ❯ 1. Yes", "   2. No"]), title: "agentmux demo: reviewer", state: "blocked", rule: "permission", cause: "permission" },
  { name: "the demo at work", agent: "demo", screen: demoScreen(["> fix it", "", "✻ Reviewing PR #42… (3s)", "─".repeat(40), "❯ "]), title: "agentmux demo: reviewer", state: "working", rule: "working" },
  { name: "the demo at its prompt, a numbered list in its transcript", agent: "demo", screen: demoScreen(["● Options:", " ❯ 1. Yes", "   2. No", "", "─".repeat(40), "❯ half typed"]), title: "agentmux demo: scout", state: "idle", rule: "prompt" },
  { name: "a permission gate's select", agent: "pi", screen: real("pi-permission"), title: "π - work", state: "blocked", rule: "permission", cause: "permission" },
  { name: "an extension's input dialog", agent: "pi", screen: piScreen([" $ touch m", "", " ⠼ Working..."], ["", " Name the branch", "", " feature-x", "", " enter submit  escape/ctrl+c cancel", ""]), title: "π - work", state: "blocked", rule: "dialog", cause: null },
  { name: "interrupted turn", agent: "pi", screen: real("pi-interrupted"), title: "π - work", state: "blocked", rule: "interrupted", cause: "interrupted" },
  { name: "interrupted, a prompt typed since", agent: "pi", screen: piScreen([" E2E_SLOW go", "", " Operation aborted"], [" go on please"]), title: "π - work", state: "blocked", rule: "interrupted" },
  { name: "interrupted further up, a turn since", agent: "pi", screen: piScreen([" Operation aborted", "", " go on", "", " Hello."]), title: "π - work", state: "idle", rule: "editor" },
  { name: "Working... above the editor", agent: "pi", screen: real("pi-working"), title: "π - work", state: "working", rule: "working" },
  { name: "the editor, a turn over", agent: "pi", screen: real("pi-idle"), title: "π - work", state: "idle", rule: "editor" },
  { name: "prose: allow … ? with hint words", agent: "pi", screen: piScreen([" Allow me to run the tests?", " Press enter select, or escape/ctrl+c cancel."]), title: "π - work", state: "idle", rule: "editor" },
  { name: "prose: would you like … yes", agent: "gemini", screen: geminiScreen(["✦ Would you like me to allow execution of the tests? yes", "  ● 1. Allow once is an option you will see"]), title: "◇  Ready (work)", state: "idle", rule: "title-ready" },
  // Qwen Code
  { name: "permission dialog", agent: "qwen", screen: real("qwen-permission"), title: "Qwen - work", state: "blocked", rule: "confirmation", cause: "permission" },
  { name: "trust dialog", agent: "qwen", screen: real("qwen-dialog-trust-folder"), title: "Qwen - work", state: "blocked", rule: "trust", cause: "trust" },
  { name: "another boxed choice in the input box's place", agent: "qwen", screen: ["  > E2E_LOOP go", "", "  ╭──────────────────────────────────────────╮", "  │ ? A potential loop was detected          │", "  │                                          │", "  │ › 1. Keep loop detection enabled (esc)   │", "  │   2. Disable loop detection for this session │", "  ╰──────────────────────────────────────────╯"].join("\n"), title: "Qwen - work", state: "blocked", rule: "dialog" },
  { name: "a tall confirmation: its question scrolled off, the waiting line stays", agent: "qwen", screen: qwenScreen(["  │ + line 300 of the diff                        │", "  │ › 1. Yes, allow once                          │", "  ╰───────────────────────────────────────────────╯", "", "  ⠏ Waiting for user confirmation..."]), title: "Qwen - work", state: "blocked", rule: "waiting-for-confirmation" },
  { name: "working line, dots spinner", agent: "qwen", screen: real("qwen-working"), title: "Qwen - work", state: "working", rule: "esc-to-cancel" },
  { name: "working line while the answer streams", agent: "qwen", screen: real("qwen-working-streaming"), title: "Qwen - work", state: "working", rule: "esc-to-cancel" },
  { name: "input line after a turn", agent: "qwen", screen: real("qwen-idle"), title: "Qwen - work", state: "idle", rule: "input-box" },
  { name: "prose: allow execution … ? with a numbered list, no box", agent: "qwen", screen: qwenScreen(["  ✦ Allow execution of the tests? Here is what I would do:", "    › 1. run them", "    (1s · esc to cancel) is what you would see"]), title: "Qwen - work", state: "idle", rule: "input-box" },
  // Cline CLI
  { name: "approval dialog", agent: "cline", screen: real("cline-permission"), title: "> E2E_TOOL", alternate: true, state: "blocked", rule: "approval", cause: "permission" },
  { name: "its question in the input box's place", agent: "cline", screen: [" ❯ E2E_ASK pick a colour", "", " Which colour should the marker be?", "", "  ❯ Red", "    Blue", "    Type a response...", "", " ↑/↓ navigate, Enter to select, 1-2 to pick"].join("\n"), title: "> E2E_ASK pick a colour", alternate: true, state: "blocked", rule: "question", cause: "question" },
  { name: "the ClinePass notice at start", agent: "cline", screen: [" Try ClinePass", "", " ClinePass is a $9.99/month subscription plan to get access to the latest open-weight coding models.", "", " Press Enter to open, any other key to close"].join("\n"), title: "Cline", alternate: true, state: "blocked", rule: "promo", cause: "promo" },
  { name: "thinking line", agent: "cline", screen: real("cline-working"), title: "> E2E_SLOW please", alternate: true, state: "working", rule: "thinking" },
  { name: "streamed answer behind the spinner", agent: "cline", screen: real("cline-working-streamed"), title: "> E2E_SLOW please", alternate: true, state: "working", rule: "streaming" },
  { name: "input line after a turn", agent: "cline", screen: real("cline-done"), title: "> E2E_SLOW please", alternate: true, state: "idle", rule: "input-line" },
  { name: "centred input line at start", agent: "cline", screen: real("cline-startup"), title: "Cline", alternate: true, state: "idle", rule: "input-line" },
  { name: "prose about approving is no dialog", agent: "cline", screen: " * Approve tool call? [y] Approve   [n] Deny, the dialog reads.\n──────\n❯ Ask anything...\n──────\n fake-model (12) $0.00\n work\n Auto-approve all disabled (Shift+Tab)", title: "> x", alternate: true, state: "idle", rule: "input-line" },
  // GitHub Copilot CLI
  { name: "folder-trust dialog", agent: "copilot", screen: real("copilot-dialog-trust-folder"), title: "GitHub Copilot", alternate: true, state: "blocked", rule: "trust", cause: "trust" },
  { name: "run-command dialog", agent: "copilot", screen: real("copilot-permission"), title: "x - GitHub Copilot", alternate: true, state: "blocked", rule: "permission", cause: "permission" },
  { name: "another boxed choice", agent: "copilot", screen: copilotScreen(["╭────╮", "│ Select a model │", "│ ❯ 1. gpt-4.1 │", "│   2. fake-model │", "│ ↑/↓ to navigate · enter to select · esc to cancel │", "╰────╯"]), alternate: true, state: "blocked", rule: "selection" },
  { name: "operation cancelled above the input", agent: "copilot", screen: real("copilot-interrupted"), alternate: true, state: "blocked", rule: "interrupted", cause: "interrupted" },
  { name: "working footer while streaming", agent: "copilot", screen: real("copilot-working"), alternate: true, state: "working", rule: "footer-working" },
  { name: "working footer before the answer", agent: "copilot", screen: copilotScreen([" ❯ E2E_SLOW"], " ○ Working esc esc edit prompt"), alternate: true, state: "working", rule: "footer-working" },
  { name: "provider error after the retries", agent: "copilot", screen: real("copilot-api-error"), alternate: true, state: "idle", rule: "api-error", cause: "error" },
  { name: "idle footer", agent: "copilot", screen: real("copilot-idle"), alternate: true, state: "idle", rule: "footer-idle" },
  { name: "idle footer with text typed; prose asking a question", agent: "copilot", screen: copilotScreen([" ● Do you want to run this command? 1. Yes"], " Interactive · Manual Approval · @ files · # issues", "❯ yes"), alternate: true, state: "idle", rule: "footer-idle" },
  // droid: its title never changes with state
  { name: "command approval", agent: "droid", screen: real("droid-permission"), title: "⛬ Fake side answer", state: "blocked", rule: "approval", cause: "permission" },
  { name: "folder trust", agent: "droid", screen: real("droid-dialog-trust-folder"), title: "⛬ Droid", state: "blocked", rule: "trust", cause: "trust" },
  { name: "the login choice at start", agent: "droid", screen: ["   v0.225.2", "", "> Login", "  Exit"].join("\n"), title: "⛬ Droid", state: "blocked", rule: "login", cause: "login" },
  { name: "another choice in the input box's place", agent: "droid", screen: ["⛬  Which plan should I follow?", "", "> 1. The short one", "  2. The long one", "", "Enter to select · Esc to cancel"].join("\n"), title: "⛬ x", state: "blocked", rule: "selection" },
  { name: "Streaming... (Press ESC to stop) over the box's Enter to steer", agent: "droid", screen: real("droid-working"), title: "⛬ New Session", state: "working", rule: "press-esc-to-stop" },
  { name: "Request cancelled by user right above the box", agent: "droid", screen: real("droid-interrupted"), title: "⛬ x", state: "blocked", rule: "interrupted", cause: "interrupted" },
  { name: "the input box after a turn", agent: "droid", screen: real("droid-after-turn"), title: "⛬ x", state: "idle", rule: "input-box" },
  { name: "its last frame after exit, under the resume line: no rule", agent: "droid", screen: real("droid-after-exit"), title: "⛬ x", state: "unknown" },

  // Auggie
  { name: "tool approval", agent: "auggie", screen: real("auggie-permission"), title: "x", state: "blocked", rule: "tool-approval", cause: "permission" },
  { name: "workspace indexing question", agent: "auggie", screen: real("auggie-dialog-indexing"), title: "auggie", state: "blocked", rule: "indexing", cause: "trust" },
  { name: "another choice in the input box's place: its key hints", agent: "auggie", screen: [" ╭────────────────────────────╮", " │ Select a model             │", " ╰────────────────────────────╯", "", "     [1] claude-sonnet-4-5", "     [2] gpt-5", "", " [↑↓] Navigate • [Enter] Confirm"].join("\n"), title: "auggie", state: "blocked", rule: "dialog" },
  { name: "onboarding tips", agent: "auggie", screen: real("auggie-onboarding-tips"), title: "auggie", state: "blocked", rule: "onboarding", cause: "onboarding" },
  { name: "sending request over the footer", agent: "auggie", screen: real("auggie-working"), title: "x", state: "working", rule: "esc-to-interrupt" },
  { name: "processing a streamed answer", agent: "auggie", screen: auggieScreen(["› E2E_SLOW go", " ⠙ Processing response... (6s • esc to interrupt)"]), state: "working", rule: "esc-to-interrupt" },
  { name: "footer", agent: "auggie", screen: real("auggie-after-turn"), title: "x", state: "idle", rule: "footer" },
  { name: "prose: tool approval required … allow", agent: "auggie", screen: auggieScreen(["● Tool Approval Required? Answer [A]llow [D]eny in the dialog, or press return to continue, or esc to skip."]), state: "idle", rule: "footer" },
];

describe("resolution", () => {
  it("the highest priority wins", () => {
    const m = rules(r("a", "blocked", 1, "contains: x"), r("b", "idle", 5, "contains: x"));
    assert.deepEqual([detect(m, { screen: "x" }).state, detect(m, { screen: "x" }).rule], ["idle", "b"]);
  });
  it("at equal priority blocked beats working beats idle, whatever the order in the file", () => {
    const m = rules(r("i", "idle", 5, "contains: x"), r("w", "working", 5, "contains: x"), r("b", "blocked", 5, "contains: y"));
    assert.equal(detect(m, { screen: "x" }).rule, "w");
    assert.equal(detect(m, { screen: "x\ny" }).rule, "b");
  });
  it("at equal priority and state the first rule in the file wins", () => {
    const m = rules(r("one", "idle", 5, "contains: x"), r("two", "idle", 5, "contains: x"));
    const v = detect(m, { screen: "x" });
    assert.equal(v.rule, "one");
    assert.deepEqual(v.near.map((n) => [n.rule, n.reason]), [["two", "matched, but one comes first at equal priority"]]);
  });
  it("the verdict carries the deciding rule's cause (null without one) and whether only the title decided", () => {
    const m = rules(
      r("dlg", "blocked", 9, "cause: question, contains: ask"),
      r("mixed", "working", 5, "all: [{region: title, contains: T}, {contains: busy}]"),
      r("both-title", "working", 4, "region: title, all: [{contains: T}, {not: {contains: Z}}]"),
      r("t", "idle", 1, "region: title, cause: background, contains: T"),
    );
    const pick = (screen: string, title?: string) => { const v = detect(m, { screen, title }); return [v.rule, v.cause, v.region]; };
    assert.deepEqual(pick("ask"), ["dlg", "question", "screen"]);
    assert.deepEqual(pick("busy", "T"), ["mixed", null, "screen"]);
    assert.deepEqual(pick("", "T"), ["both-title", null, "title"]);
    assert.deepEqual(pick("", "TZ"), ["t", "background", "title"]);
    assert.deepEqual(pick("", "none"), [null, null, null]);
  });
  it("nothing matching is unknown, never a guess", () => {
    const v = detect(rules(r("a", "idle", 1, "contains: x")), { screen: "hello" });
    assert.deepEqual({ state: v.state, rule: v.rule, priority: v.priority, evidence: v.evidence }, { state: "unknown", rule: null, priority: null, evidence: null });
  });
  it("near lists rules that matched but lost, and `all` rules that partly held", () => {
    const m = rules(r("win", "blocked", 9, "contains: x"), r("lost", "working", 3, "contains: x"), r("part", "blocked", 9, "all: [{contains: x}, {contains: zzz}]"));
    const v = detect(m, { screen: "x" });
    assert.equal(v.rule, "win");
    assert.deepEqual(v.near, [
      { rule: "lost", state: "working", priority: 3, reason: "matched, but win has a higher priority (9)" },
      { rule: "part", state: "blocked", priority: 9, reason: '1 of 2 conditions held; not contains "zzz"' },
    ]);
  });
  it("several matcher keys on one rule must all hold", () => {
    const m = rules(r("a", "idle", 1, "contains: x, not: {contains: y}"));
    assert.equal(detect(m, { screen: "x" }).state, "idle");
    assert.equal(detect(m, { screen: "x\ny" }).state, "unknown");
  });
  it("any, all and not nest", () => {
    const m = rules(r("a", "idle", 1, "any: [{all: [{contains: p}, {not: {contains: q}}]}, {regex: '^r$'}]"));
    assert.deepEqual(["p", "p q", "r", "rr", "x"].map((s) => detect(m, { screen: s }).state), ["idle", "unknown", "idle", "unknown", "unknown"]);
  });
  it("the evidence is the line that matched", () => {
    assert.equal(detect(rules(r("a", "idle", 1, "regex: 'b+'")), { screen: "a\nabbb\nc" }).evidence, "abbb");
  });
});

describe("regions", () => {
  const screen = ["top x", "> history", "", "above y", "", "> input", "footer z", "", "", ""].join("\n");
  const on = (region: string, body: string) => detect(rules(r("a", "idle", 1, `region: ${region}, ${body}`)), { screen, title: "T" }).state;
  it("a regex is tested line by line (^ and $ are a line's)", () => {
    assert.equal(on("screen", "regex: '^above y$'"), "idle");
    assert.equal(on("screen", "regex: 'x\\nabove'"), "unknown");
  });
  it("bottom N counts non-empty lines, trailing blank lines stripped", () => {
    assert.equal(on("{bottom: 1}", "contains: footer"), "idle");
    assert.equal(on("{bottom: 2}", "contains: above"), "unknown");
    assert.equal(on("{bottom: 3}", "contains: above"), "idle");
  });
  it("the prompt box starts at the last line matching promptBox", () => {
    assert.equal(on("prompt-box", "contains: footer"), "idle");
    assert.equal(on("prompt-box", "contains: above"), "unknown");
    assert.equal(on("{above-prompt: 1}", "contains: above y"), "idle");
    assert.equal(on("{above-prompt: 1}", "contains: history"), "unknown");
    assert.equal(on("{above-prompt: 2}", "contains: history"), "idle");
  });
  it("no prompt box on screen: its regions do not exist, and `not` over them does not hold either", () => {
    const m = rules(r("a", "idle", 1, "region: prompt-box, not: {contains: q}"));
    assert.equal(detect(m, { screen: "> here" }).state, "idle");
    assert.equal(detect(m, { screen: "nothing" }).state, "unknown");
  });
  it("the title is its own region; no title, no title rules", () => {
    const m = rules(r("a", "working", 1, "region: title, regex: '^⠋'"));
    assert.equal(detect(m, { screen: "⠋ on screen", title: "⠋ x" }).state, "working");
    assert.equal(detect(m, { screen: "⠋ on screen" }).state, "unknown");
    assert.equal(detect(m, { screen: "", title: "x ⠋" }).state, "unknown");
  });
  it("a matcher's own region overrides the rule's", () => {
    const m = rules(r("a", "blocked", 1, "region: {bottom: 1}, all: [{contains: footer}, {region: title, contains: T}]"));
    assert.equal(detect(m, { screen, title: "T" }).state, "blocked");
    assert.equal(detect(m, { screen, title: "U" }).state, "unknown");
  });
  it("the alternate screen pauses screen rules of an agent that does not draw there; title rules still run", () => {
    const m = rules(r("s", "working", 9, "contains: x"), r("t", "idle", 1, "region: title, contains: T"));
    const paused = detect(m, { screen: "x", title: "T", alternate: true });
    assert.deepEqual([paused.state, paused.paused], ["idle", true]);
    const own = manifest(`alternateScreen: true\nrules:\n${r("s", "working", 9, "contains: x")}\n`);
    assert.deepEqual([detect(own, { screen: "x", alternate: true }).state, detect(own, { screen: "x", alternate: true }).paused], ["working", false]);
  });
});

describe("the real screens", () => {
  const expected = expectedStates();
  const screens = readdirSync(SCREENS).filter((f) => /^[a-z0-9-]+\.txt$/.test(f) && !/\.(meta|ansi)\.txt$/.test(f)).map((f) => f.slice(0, -4));

  it("the built-in manifests load without problems", () => {
    assert.deepEqual(problems, []);
    // Every file in manifests/, by name (an agent added there is loaded without a change here).
    assert.deepEqual(manifests.map((m) => m.name), BUILTIN);
  });

  it("every screen has an expected state, and the table names no missing screen", () => {
    assert.ok(screens.length >= 50, `found ${screens.length} screens`);
    assert.deepEqual([...expected.keys()].sort(), [...screens].sort());
  });

  for (const name of screens) {
    const row = expected.get(name);
    it(`${name} is ${row?.state}${row?.cause ? ` (${row.cause})` : ""}`, () => {
      assert.ok(row, `${name} is not in the README table`);
      const manifest = findManifest(manifests, row.agent);
      assert.ok(manifest, `no manifest ${row.agent}`);
      const m = meta(name);
      const verdict = detect(manifest, { screen: readFileSync(join(SCREENS, `${name}.txt`), "utf8"), title: m["pane_title"], alternate: m["alternate_on"] === "1" });
      // After the CLI exited its last screen is not the agent's: no rule may claim a state.
      const want = row.state === "exited" ? "unknown" : row.state;
      assert.equal(verdict.state, want, `${name}: rule ${verdict.rule}, evidence ${JSON.stringify(verdict.evidence)}`);
      assert.equal(verdict.cause, row.cause, `${name}: cause of rule ${verdict.rule}`);
      // Every dialog is told from the screen: a title alone never decides a blocker here.
      if (want === "blocked") assert.equal(verdict.region, "screen", `${name}: rule ${verdict.rule}`);
    });
  }

  it("the same screens as captured with escapes, stripped, give the same states", async () => {
    const { stripAnsi } = await import("../../../src/util/text.ts");
    for (const name of screens) {
      const row = expected.get(name);
      const manifest = row && findManifest(manifests, row.agent);
      if (!row || !manifest) continue;
      const m = meta(name);
      const plain = detect(manifest, { screen: readFileSync(join(SCREENS, `${name}.txt`), "utf8"), title: m["pane_title"], alternate: m["alternate_on"] === "1" });
      const ansi = detect(manifest, { screen: stripAnsi(readFileSync(join(SCREENS, `${name}.ansi.txt`), "utf8")), title: m["pane_title"], alternate: m["alternate_on"] === "1" });
      assert.deepEqual([ansi.state, ansi.cause], [plain.state, plain.cause], name);
    }
  });

  it("the agent of each live screen is recognised from its pane (command, processes, title)", () => {
    const processes: Record<string, string[]> = {
      codex: ["node /usr/lib/node_modules/@openai/codex/bin/codex.js", "/usr/lib/node_modules/@openai/codex/vendor/x86_64-unknown-linux-musl/codex/codex"],
      gemini: ["node /usr/bin/gemini"],
      copilot: ["node /usr/bin/copilot", "/usr/lib/node_modules/@github/copilot-linux-x64/copilot"],
      droid: ["node /usr/lib/node_modules/@factory/cli/bin/droid", "/usr/lib/node_modules/@factory/cli-linux-x64/bin/droid"],
      auggie: ["node /usr/bin/auggie"],
    };
    for (const name of screens) {
      const row = expected.get(name);
      if (!row || row.state === "exited") continue;
      const m = meta(name);
      const agent = identifyAgent(manifests, { command: m["pane_current_command"], title: m["pane_title"], processes: processes[row.agent] ?? [] });
      assert.equal(agent, row.agent, `${name}: command ${m["pane_current_command"]}, title ${m["pane_title"]}`);
    }
    // droid installed without npm's postinstall runs as a node shim over the native binary.
    assert.equal(identifyAgent(manifests, { command: "node", title: "⛬ New Session", processes: processes["droid"] ?? [] }), "droid");
  });
});

describe("manifest rules, row by row", () => {
  for (const row of rows) {
    it(`${row.agent}: ${row.name} → ${row.state}${row.rule ? ` (${row.rule})` : ""}`, () => {
      const manifest = findManifest(manifests, row.agent);
      assert.ok(manifest);
      const verdict = detect(manifest, { screen: row.screen, title: row.title, alternate: row.alternate });
      assert.equal(verdict.state, row.state, `rule ${verdict.rule}, evidence ${JSON.stringify(verdict.evidence)}`);
      if (row.rule) assert.equal(verdict.rule, row.rule);
      if (row.cause !== undefined) assert.equal(verdict.cause, row.cause);
    });
  }

  it("every rule of every built-in manifest decides at least one row", () => {
    const decided = new Set(rows.filter((r) => r.rule).map((r) => `${r.agent}/${r.rule}`));
    const missing = manifests.flatMap((m) => m.rules.map((r) => `${m.name}/${r.name}`)).filter((k) => !decided.has(k));
    assert.deepEqual(missing, []);
  });

  it("Codex's composer placeholder shows in every state and decides only when nothing else does", () => {
    const codex = findManifest(manifests, "codex");
    assert.ok(codex);
    for (const name of ["codex-idle", "codex-working"]) assert.match(real(name), /› Ask Codex to do anything/);
    assert.equal(detect(codex, { screen: real("codex-working"), alternate: true }).state, "working");
    assert.equal(detect(codex, { screen: real("codex-idle"), title: "⠹ E2E | work", alternate: true }).state, "working");
  });

  it("Claude's ✳ title at a permission dialog: the screen's blocker beats the title's idle, and --explain says so", () => {
    const claude = findManifest(manifests, "claude");
    assert.ok(claude);
    const verdict = detect(claude, { screen: real("claude-permission"), title: "✳ E2E fake session title" });
    assert.equal(verdict.state, "blocked");
    const titleIdle = verdict.near.find((n) => n.rule === "title-idle");
    assert.match(titleIdle?.reason ?? "", /permission has a higher priority/);
  });
});
