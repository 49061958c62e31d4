import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURE_BIN } from "../helpers/tmux-server.ts";
import type { CaptureServer } from "./capture-tmux.ts";
import { claudeEnv, findClaude, seedClaudeHome } from "./claude-home.ts";
import type { FakeAnthropic } from "./fake-anthropic.ts";

// Claude's input line: ❯ and a no-break space.
const PROMPT = /^❯\u00a0/m;
const IDLE_TITLE = /^✳/;

/** Claude Code's dialogs and the near-misses around them, each captured into test/fixtures/real/screens. */
export async function captureClaude(tmux: CaptureServer, fake: FakeAnthropic, only: (name: string) => boolean): Promise<void> {
  const claude = findClaude();
  if (claude.bin === null) throw new Error(claude.reason);
  const bin = claude.bin;
  const work = tmux.dir("work-claude");
  const start = async (name: string, seed: { trusted?: boolean; keyApproved?: boolean } = {}): Promise<string> => {
    const config = tmux.dir(`home-claude-${name}/.claude`);
    const file = seedClaudeHome(config, { projects: seed.trusted === false ? [] : [work], apiKey: "dummy", version: claude.version });
    if (seed.keyApproved === false) {
      const json = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      delete json["customApiKeyResponses"];
      writeFileSync(file, JSON.stringify(json, null, 2));
    }
    const mcp = join(tmux.root, "mcp.json");
    writeFileSync(mcp, JSON.stringify({ mcpServers: { e2e: { command: "node", args: [join(FIXTURE_BIN, "mcp-e2e.js")] } } }));
    const env = { ...claudeEnv(config, fake.url), HOME: tmux.dir(`home-claude-${name}`) };
    return tmux.launch(`claude-${name}`, work, env, [bin, "--mcp-config", mcp]);
  };
  const ready = async (pane: string) => { await tmux.waitFor(pane, PROMPT, 90_000); await tmux.settle(pane, 800); };
  // Send a prompt, wait for what it brings, and capture it under name (null: no capture).
  const turnIn = (pane: string) => async (prompt: string, wait: RegExp, name: string | null, timeoutMs = 60_000) => {
    await tmux.type(pane, prompt);
    await tmux.waitFor(pane, wait, timeoutMs);
    await tmux.settle(pane);
    if (name) tmux.capture(pane, name);
  };
  // A turn is over when the title is back to ✳ and the prompt is free.
  const turnDone = async (pane: string) => { await tmux.waitFor(pane, IDLE_TITLE, 60_000, "title"); await tmux.settle(pane); };

  if (only("claude:firstrun")) {
    const pane = await start("firstrun", { trusted: false, keyApproved: false });
    await tmux.waitFor(pane, /trust this folder/, 90_000);
    await tmux.settle(pane);
    tmux.capture(pane, "claude-dialog-trust-folder");
    await tmux.keys(pane, "Enter");
    await tmux.waitFor(pane, /Do you want to use this API key\?/, 60_000);
    await tmux.settle(pane);
    tmux.capture(pane, "claude-dialog-custom-api-key");
    tmux.kill(pane);
  }

  if (only("claude:main")) await main(await start("main"));
  if (only("claude:fail")) await failures(await start("fail"));
  if (only("claude:agent")) await agent(await start("agent"));
  if (only("claude:plan")) await plan(await start("plan"));

  async function main(pane: string): Promise<void> {
    await ready(pane);
    const turn = turnIn(pane);

    // Tool permissions: answered Yes (1) so the next dialog starts from a clean prompt.
    const note = join(work, "e2e-note.txt");
    await turn(`E2E_TOOL E2E_CMD=${join(tmux.root, "x")} please create the marker file`, /Do you want to proceed\?/, "claude-permission-bash");
    await tmux.keys(pane, "1");
    await turnDone(pane);
    await turn(`E2E_WRITE E2E_CMD=${note} write the note`, /Do you want to (create|make this edit)/, "claude-permission-write");
    await tmux.keys(pane, "1");
    await turnDone(pane);
    await turn(`E2E_EDIT E2E_CMD=${note} edit the note`, /Do you want to make this edit/, "claude-permission-edit");
    await tmux.keys(pane, "1");
    await turnDone(pane);
    await turn("E2E_FETCH fetch the page", /Do you want to (allow|proceed)|Esc to cancel/, "claude-permission-webfetch");
    await tmux.keys(pane, "Escape");
    await turnDone(pane);
    tmux.capture(pane, "claude-permission-rejected");
    await turn("E2E_MCP call the echo tool", /Do you want to proceed\?/, "claude-permission-mcp");
    await tmux.keys(pane, "1");
    await turnDone(pane);
    await turn("E2E_ELICIT ask me through the MCP server", /Do you want to proceed\?/, null);
    await tmux.keys(pane, "1");
    await tmux.waitFor(pane, /Which colour should the marker be\?/, 30_000)
      .then(async () => { await tmux.settle(pane); tmux.capture(pane, "claude-mcp-elicitation"); })
      .catch((e: Error) => console.log(`no elicitation dialog: ${e.message.split("\n")[0]}`));
    await tmux.keys(pane, "Escape");
    await turnDone(pane);

    // AskUserQuestion: one question; then the "Type something" row; answered.
    await turn("E2E_ASK which colour?", /Enter to select/, "claude-ask-one");
    await tmux.keys(pane, "Down", "Down");
    await tmux.settle(pane);
    await tmux.type(pane, "Green", false);
    await tmux.settle(pane);
    tmux.capture(pane, "claude-ask-type-something");
    await tmux.keys(pane, "Escape");
    await turnDone(pane);
    await turn("E2E_ASK which colour again?", /Enter to select/, null);
    await tmux.keys(pane, "1");
    await turnDone(pane);
    tmux.capture(pane, "claude-ask-answered");
    await turn("E2E_LIST list the colours", /2\. Blue/, null);
    await turnDone(pane);
    tmux.capture(pane, "claude-numbered-list");
    await turn("E2E_ASK2 two questions", /Enter to select/, "claude-ask-tabs");
    await tmux.keys(pane, "1");
    await tmux.settle(pane);
    tmux.capture(pane, "claude-ask-tabs-second");
    await tmux.keys(pane, "1");
    await tmux.settle(pane);
    tmux.capture(pane, "claude-ask-tabs-submit");
    await tmux.keys(pane, "Escape");
    await turnDone(pane);
    await turn("E2E_ASKMULTI pick extras", /Enter to select|Border/, "claude-ask-multi");
    await tmux.keys(pane, "Escape");
    await turnDone(pane);

    // Prose that asks, an interrupted turn, and the next prompt after it.
    await turn("E2E_PROSE look at the project", /Would you like me to/, null);
    await turnDone(pane);
    tmux.capture(pane, "claude-prose-question");
    // The answer typed as a numbered choice: "❯ 1. Red" at column 0 in the transcript, like a dialog's row.
    await turn("1. Red", /❯ 1\. Red[\s\S]*Hello from the fake model\./, null);
    await turnDone(pane);
    tmux.capture(pane, "claude-typed-numbered-answer");
    await turn("E2E_LONG a long answer", /…\s*\(\d+s/, "claude-working-long");
    await tmux.keys(pane, "Escape");
    await tmux.waitFor(pane, /Interrupted/, 30_000);
    await tmux.settle(pane);
    tmux.capture(pane, "claude-interrupted");
    await turn("Say hello please", /Say hello please[\s\S]*Hello from the fake model\./, null);
    await turnDone(pane);
    tmux.capture(pane, "claude-idle-after-interrupt");

    tmux.kill(pane);
  }

  async function failures(pane: string): Promise<void> {
    await ready(pane);
    const turn = turnIn(pane);
    // Failures: a 400, a rate-limit stop, a retried 429 (interrupted after the capture).
    await turn("E2E_ERR fail please", /API Error|400/, null);
    await turnDone(pane);
    tmux.capture(pane, "claude-api-error");
    await turn("E2E_429 hit the limit", /limit|429/i, null);
    await turnDone(pane);
    tmux.capture(pane, "claude-rate-limit");
    await turn("E2E_RETRY429 retry please", /Retrying in/, "claude-retrying-429", 90_000);
    await tmux.keys(pane, "Escape");
    await turnDone(pane);
    // An interrupted turn that had no output puts its prompt back into the input line: clear it.
    await tmux.keys(pane, "End", "C-u");

    // A background shell, then a background subagent: the turn is over, the agent still runs.
    await turn("E2E_BGSH sleep in the background", /shell still running|Running in the background/, null);
    await turnDone(pane);
    tmux.capture(pane, "claude-background-shell");
    await turn("E2E_AGENTBG start a helper", /Waiting for \d+ background agent/, null, 90_000);
    await tmux.settle(pane, 3000);
    tmux.capture(pane, "claude-background-agent");
    tmux.kill(pane);
  }

  async function agent(fg: string): Promise<void> {
    await ready(fg);
    await tmux.type(fg, "E2E_AGENT run a helper");
    await tmux.waitFor(fg, /\((\d+s|\d+m)/, 60_000);
    await tmux.settle(fg, 3000);
    tmux.capture(fg, "claude-foreground-agent");
    tmux.kill(fg);
  }

  // Plan mode: Shift+Tab twice, then ExitPlanMode (a short plan, and one taller than the pane).
  async function plan(plan: string): Promise<void> {
    await ready(plan);
    await tmux.keys(plan, "BTab", "BTab");
    await tmux.waitFor(plan, /plan mode on/, 20_000);
    // ExitPlanMode with the plan in its input only: "Exit plan mode?", no plan box, no key hints.
    await tmux.type(plan, "E2E_PLAN make a plan");
    await tmux.waitFor(plan, /Exit plan mode\?|Would you like to proceed/, 60_000);
    await tmux.settle(plan);
    tmux.capture(plan, "claude-plan-exit");
    await tmux.keys(plan, "Escape");
    await turnDone(plan);
    // The plan written to its file first: the approval shows the plan in a box, then the choices.
    await tmux.type(plan, "E2E_PLAN2 write the plan, then ask");
    await tmux.waitFor(plan, /Would you like to proceed|ready to code/, 60_000);
    await tmux.settle(plan);
    tmux.capture(plan, "claude-plan");
    await tmux.keys(plan, "Escape");
    await turnDone(plan);
    // A plan taller than the pane: its box starts above the top of the screen.
    await tmux.type(plan, "E2E_PLAN2 E2E_PLANLONG write a long plan, then ask");
    await tmux.waitFor(plan, /Would you like to proceed|ready to code/, 60_000);
    await tmux.settle(plan);
    tmux.capture(plan, "claude-plan-long");
    tmux.kill(plan);
  }
}
