#!/usr/bin/env node
// A demo agent for `agentmux demo`: it goes through working, blocked, waiting and idle on its
// own and answers what you type. It speaks to agentmux as a real CLI does: through the real hook
// forwarder, with the events a CLI sends in Claude Code's format (UserPromptSubmit with the prompt,
// PermissionRequest naming the command it asks permission for, Stop with its answer) before the state it
// declares (agentmux-working, -blocked, -done, -idle), one after another; and its screen is read with
// manifests/demo.yml (the dialog's options, so the inbox's y and n answer it).
// Usage: agent.js ROLE   (builder | reviewer | tester | scout)
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HOOK = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "shell", "agentmux-hook");
const role = process.argv[2] ?? "builder";
const SCRIPTS = {
  builder: { work: 7, then: "done", rest: 25, tasks: ["Refactoring the parser", "Adding tests for the lexer", "Fixing the CI cache"] },
  reviewer: { work: 5, then: "ask", rest: 20, tasks: ["Reviewing PR #42", "Checking the migration"] },
  tester: { work: 40, then: "done", rest: 5, tasks: ["Running the full test suite"] },
  scout: { work: 4, then: "idle", rest: 60, tasks: ["Reading the docs"] },
};
const plan = SCRIPTS[role] ?? SCRIPTS.builder;
const lines = [`${role} · a demo agent of agentmux (type anything and press Enter)`];
let state = "idle";
let input = "";
let spin = 0;
let task = 0;
let timer = null;
let answered = false;

// Each event's forwarder starts once the one before it returned: the daemon takes a pane's events in
// the order their files were made.
let sent = Promise.resolve();
function hook(event, payload = {}) {
  sent = sent.then(() => new Promise((resolve) => {
    const child = spawn(HOOK, [event], { stdio: ["pipe", "ignore", "ignore"] });
    child.on("error", () => resolve());
    child.on("close", () => resolve());
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(payload));
  }));
}

function declare(s) {
  hook(`agentmux-${s}`);
}

function render() {
  const out = ["\x1b[2J\x1b[H", `\x1b]0;agentmux demo: ${role}\x07`, lines.slice(-20).join("\r\n"), "\r\n\r\n"];
  if (state === "working") out.push(`${"·✢*✶✻✽"[spin % 6]} ${plan.tasks[task % plan.tasks.length]}… (${spin}s)\r\n`);
  // A dialog takes the input line's place, as in the CLIs.
  if (state === "blocked") out.push(" Bash command\r\n   git push --force-with-lease\r\n   Push to the shared branch\r\n\r\n Do you want to proceed?\r\n ❯ 1. Yes\r\n   2. No\r\n");
  else out.push("─".repeat(40), "\r\n", `❯ ${input}`);
  process.stdout.write(out.join(""));
}

function work() {
  clearTimeout(timer);
  state = "working";
  spin = 0;
  declare("working");
  const tick = () => {
    spin++;
    if (spin < plan.work) { timer = setTimeout(tick, 1000); render(); return; }
    finish();
  };
  timer = setTimeout(tick, 1000);
  render();
}

function finish() {
  if (plan.then === "ask" && !answered) {
    state = "blocked";
    hook("PermissionRequest", { hook_event_name: "PermissionRequest", tool_name: "Bash", tool_input: { command: "git push --force-with-lease", description: "Push to the shared branch" } });
    declare("blocked");
    lines.push("● I need to push to a shared branch.");
    render();
    return;
  }
  answered = false;
  const said = `${plan.tasks[task % plan.tasks.length]}: done.`;
  lines.push(`● ${said}`);
  task++;
  state = plan.then === "idle" ? "idle" : "waiting";
  if (state === "waiting") hook("Stop", { hook_event_name: "Stop", last_assistant_message: said });
  declare(plan.then === "idle" ? "idle" : "done");
  render();
  if (plan.rest > 0) timer = setTimeout(work, plan.rest * 1000);
}

process.stdin.setRawMode?.(true);
process.stdin.on("data", (d) => {
  for (const ch of d.toString()) {
    if (ch === "\x03") process.exit(0);
    if (state === "blocked" && (ch === "1" || ch === "\r")) { lines.push("  ⎿  Pushed."); answered = true; hook("PostToolUse", { hook_event_name: "PostToolUse", tool_name: "Bash", tool_response: { stdout: "pushed" } }); work(); continue; }
    if (state === "blocked" && ch === "2") { lines.push("  ⎿  Not pushed."); answered = true; finish(); continue; }
    if (state === "blocked") continue;
    if (ch === "\r") { lines.push(`> ${input}`); hook("UserPromptSubmit", { hook_event_name: "UserPromptSubmit", prompt: input }); input = ""; work(); continue; }
    if (ch === "\x7f") input = input.slice(0, -1);
    else if (ch >= " ") input += ch;
  }
  render();
});
setTimeout(work, 1500 + Math.random() * 2000);
render();
