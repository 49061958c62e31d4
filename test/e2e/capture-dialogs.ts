// Drive the real CLIs (node_modules/.bin) against the fake model servers into each of their dialogs
// and capture every screen into test/fixtures/real/screens (NAME.txt, NAME.ansi.txt, NAME.meta.txt).
// Not part of the test suite: run it by hand when a CLI is upgraded, then check the unit tables.
// CAPTURE_SIZE=80x24 takes them in a pane of that size, into test/fixtures/real/screens-80x24/
// (the default, 120x40, into screens/; hook logs are written only at the default size).
//   node --import tsx test/e2e/capture-dialogs.ts [claude:firstrun claude:main claude:fail claude:agent claude:plan codex:trust codex:main opencode gemini pi qwen cline kilo copilot auggie droid]
// With no argument it captures everything. A private tmux server (tmux -L) is used and killed after.
import { rmSync } from "node:fs";
import { captureAuggie } from "./capture-auggie.ts";
import { captureClaude } from "./capture-claude.ts";
import { captureCline } from "./capture-cline.ts";
import { captureCodex } from "./capture-codex.ts";
import { captureCopilot } from "./capture-copilot.ts";
import { captureDroid } from "./capture-droid.ts";
import { captureGemini } from "./capture-gemini.ts";
import { captureKilo } from "./capture-kilo.ts";
import { captureOpencode } from "./capture-opencode.ts";
import { capturePi } from "./capture-pi.ts";
import { captureQwen } from "./capture-qwen.ts";
import { CaptureServer } from "./capture-tmux.ts";
import { startFakeAnthropic } from "./fake-anthropic.ts";
import { startFakeAugment } from "./fake-augment.ts";
import { startFakeGemini } from "./fake-gemini.ts";
import { startFakeOpenAI } from "./fake-openai.ts";

const wanted = process.argv.slice(2);
const only = (section: string) => wanted.length === 0 || wanted.some((w) => section === w || section.startsWith(`${w}:`) || w.startsWith(`${section}:`));

const tmux = new CaptureServer();
const anthropic = await startFakeAnthropic({ port: 0, timing: { subMs: 60_000, longMs: 45_000, silentMs: 40_000 } });
const openai = await startFakeOpenAI({ port: 0 });
const gemini = await startFakeGemini({ port: 0 });
const augment = await startFakeAugment({ port: 0 });
let failed = false;
// Each CLI on its own: one that fails (a dialog that never came) does not stop the others.
const section = async (name: string, run: () => Promise<void>) => {
  if (!only(name)) return;
  try {
    await run();
  } catch (error) {
    failed = true;
    console.error(`${name}:`, error);
  }
};
try {
  await section("claude", () => captureClaude(tmux, anthropic, only));
  await section("codex", () => captureCodex(tmux, openai, only));
  await section("opencode", () => captureOpencode(tmux, anthropic));
  await section("pi", () => capturePi(tmux, anthropic));
  await section("kilo", () => captureKilo(tmux, anthropic));
  // Gemini only when asked for by name or when GEMINI_BIN names an installed one (else node_modules/.bin/gemini, a devDependency).
  if (wanted.includes("gemini") || process.env["GEMINI_BIN"]) await section("gemini", () => captureGemini(tmux, gemini));
  await section("qwen", () => captureQwen(tmux));
  await section("cline", () => captureCline(tmux));
  // Copilot CLI only when asked for by name (it starts its own fake Chat Completions API).
  if (wanted.includes("copilot")) await section("copilot", () => captureCopilot(tmux));
  // droid only when asked for by name or when DROID_BIN names an installed one (else node_modules/.bin/droid, a devDependency).
  if (wanted.includes("droid") || process.env["DROID_BIN"]) await section("droid", () => captureDroid(tmux, anthropic));
  await section("auggie", () => captureAuggie(tmux, augment));
} finally {
  tmux.stop();
  await anthropic.close();
  await openai.close();
  await gemini.close();
  await augment.close();
  if (!process.env["KEEP"]) rmSync(tmux.root, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
