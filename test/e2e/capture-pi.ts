import { join } from "node:path";
import type { CaptureServer } from "./capture-tmux.ts";
import type { FakeAnthropic } from "./fake-anthropic.ts";
import { findPi, PI_GATE, piEnv, seedPiHome } from "./pi-home.ts";
import { ROOT } from "../helpers/tmux-server.ts";

/**
 * Pi's screens, captured into test/fixtures/real/screens: start-up, idle after a turn, a streamed
 * turn, the permission gate's select dialog (test/e2e/pi-e2e-ext.ts; Pi has none of its own),
 * after the tool ran, an interrupted turn, the gate answered with Escape, and after exit (Pi leaves its
 * last screen as it was). agentmux's extension is loaded first, as in its sessions.
 */
export async function capturePi(tmux: CaptureServer, fake: FakeAnthropic): Promise<void> {
  const found = findPi();
  if (found.bin === null) throw new Error(found.reason);
  const work = tmux.dir("work-pi");
  const home = tmux.dir("home-pi");
  seedPiHome(home, fake.url, found.version);
  const env = { ...piEnv(home), PI_E2E_GATE: "1" };
  const pane = tmux.launch("pi", work, env, [found.bin, "-e", join(ROOT, "etc", "pi", "agentmux.js"), "-e", PI_GATE]);
  const rule = /^─{20,}\n[^\n]*\n─{20,}$/m;
  const ready = async () => { await tmux.waitFor(pane, rule, 60_000); await tmux.settle(pane); };
  await ready();
  tmux.capture(pane, "pi-startup");
  await tmux.type(pane, "say hello");
  await tmux.waitFor(pane, /Hello from the fake model\./, 60_000);
  await ready();
  tmux.capture(pane, "pi-idle");
  await tmux.type(pane, "E2E_SLOW stream it");
  await tmux.waitFor(pane, /Working\.\.\./, 60_000);
  await tmux.waitFor(pane, /slow streamed answer/, 60_000);
  tmux.capture(pane, "pi-working");
  await ready();
  await tmux.type(pane, `E2E_TOOL E2E_CMD=${join(work, "marker")} please`);
  await tmux.waitFor(pane, /Allow bash command\?/, 60_000);
  await tmux.settle(pane);
  tmux.capture(pane, "pi-permission");
  await tmux.keys(pane, "Enter");
  await tmux.waitFor(pane, /Tool finished:/, 60_000);
  await ready();
  tmux.capture(pane, "pi-after-tool");
  // Escape while the answer streams: the turn ends with Pi's "Operation aborted".
  await tmux.type(pane, "E2E_SLOW stream it again");
  await tmux.waitFor(pane, /Working\.\.\./, 60_000);
  await tmux.keys(pane, "Escape");
  await tmux.waitFor(pane, /aborted/i, 60_000);
  await ready();
  tmux.capture(pane, "pi-interrupted");
  // Escape at the gate: the select is cancelled, the tool blocked, the turn goes on to its end.
  await tmux.type(pane, `E2E_TOOL E2E_CMD=${join(work, "marker2")} again`);
  await tmux.waitFor(pane, /Allow bash command\?[\s\S]*touch \S+marker2/, 60_000);
  await tmux.keys(pane, "Escape");
  await tmux.waitFor(pane, /Blocked by user/, 60_000);
  await ready();
  tmux.capture(pane, "pi-permission-denied");
  await tmux.keys(pane, "C-d");
  // Ctrl-D at an empty editor quits; the pane stays (remain-on-exit), dead.
  for (let i = 0; i < 120 && tmux.tmux("display-message", "-p", "-t", pane, "#{pane_dead}").trim() !== "1"; i++) await new Promise((r) => setTimeout(r, 250));
  tmux.capture(pane, "pi-exited");
  tmux.kill(pane);
}
