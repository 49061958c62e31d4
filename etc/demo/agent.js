#!/usr/bin/env node
// A demo agent for `agentmux demo`: it goes through working, blocked, waiting and idle on its
// own, tells agentmux through the real hook forwarder (declared states), and answers what you
// type. Usage: agent.js ROLE   (builder | reviewer | tester | scout)
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

function declare(s) {
  const child = spawn(HOOK, [`agentmux-${s}`], { stdio: ["pipe", "ignore", "ignore"] });
  child.on("error", () => {});
  child.stdin.end("{}");
}

function render() {
  const out = ["\x1b[2J\x1b[H", `\x1b]0;agentmux demo: ${role}\x07`, lines.slice(-20).join("\r\n"), "\r\n\r\n"];
  if (state === "working") out.push(`${"·✢*✶✻✽"[spin % 6]} ${plan.tasks[task % plan.tasks.length]}… (${spin}s)\r\n`);
  if (state === "blocked") out.push(" Bash command\r\n   git push --force-with-lease\r\n Do you want to proceed?\r\n ❯ 1. Yes\r\n   2. No\r\n");
  out.push("─".repeat(40), "\r\n", `❯ ${input}`);
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
  if (plan.then === "ask" && !answered) { state = "blocked"; declare("blocked"); lines.push("● I need to push to a shared branch."); render(); return; }
  answered = false;
  lines.push(`● ${plan.tasks[task % plan.tasks.length]}: done.`);
  task++;
  state = plan.then === "idle" ? "idle" : "waiting";
  declare(plan.then === "idle" ? "idle" : "done");
  render();
  if (plan.rest > 0) timer = setTimeout(work, plan.rest * 1000);
}

process.stdin.setRawMode?.(true);
process.stdin.on("data", (d) => {
  for (const ch of d.toString()) {
    if (ch === "\x03") process.exit(0);
    if (state === "blocked" && (ch === "1" || ch === "\r")) { lines.push("  ⎿  Pushed."); answered = true; work(); continue; }
    if (state === "blocked" && ch === "2") { lines.push("  ⎿  Not pushed."); answered = true; finish(); continue; }
    if (ch === "\r") { lines.push(`> ${input}`); input = ""; work(); continue; }
    if (ch === "\x7f") input = input.slice(0, -1);
    else if (ch >= " ") input += ch;
  }
  render();
});
setTimeout(work, 1500 + Math.random() * 2000);
render();
