import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { Person, PLUGIN } from "../helpers/client.ts";

/**
 * What a person sees is text too: a pane title an agent sets, a switcher annotation and a stats
 * line a command prints, and a notification tmux shows on the status line, each crafted with
 * `#(...)`, `#{...}`, `#[...]`, `%` and control bytes, run nothing and are drawn literally.
 */
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-views-")));
const ran = (what: string) => `#(cd;touch pwned-${what})`;
const markers = () => readdirSync(userHome).filter((f) => f.startsWith("pwned-"));

describe("hostile text in what a person sees: titles, annotations, stats, notifications", () => {
  const server = new TestServer({ HOME: userHome });
  const viewer = new TestServer();
  const person = new Person(server, viewer);
  const name = `v ${ran("dir")}#[fg=red]D %4' é`;
  const dir = join(server.work, name);
  const script = join(server.home, "titled.sh");
  const armedFile = join(server.home, "armed");
  let pane = "";

  before(async () => {
    await server.start();
    await viewer.start();
    for (let i = 0; i < 12; i++) {
      const made = String((await server.tmux(["split-window", "-d", "-t", "base", "-P", "-F", "#{pane_id}", "sleep", "60"])).stdout).trim();
      await server.tmux(["kill-pane", "-t", made]);
    }
    mkdirSync(dir, { recursive: true });
    // The agent sets its own title (OSC 2) to hostile text, then prints a line a watcher matches.
    // It prints the line once the watcher is armed (the test touches armed): under load, new and
    // watch may take longer than any fixed wait.
    writeFileSync(script, `printf '\\033]2;%s\\033\\\\' 'T${ran("title")}#[fg=red]T %4'"'"'x'\nwhile [ ! -e ${JSON.stringify(armedFile)} ]; do sleep 0.1; done\nprintf 'ALERT %s\\n' '${ran("line")}#[fg=red]L %4'"'"''\nexec sleep 600\n`);
    writeConfig(server.home, {
      // The annotation carries a C1 CSI (U+009B) too (the switcher drops C0 and C1 controls: its unit test).
      switcher: { annotations: [`printf 'A%s\u009b31m' '${ran("annotation")}#[fg=red]A %4'"'"''`] },
      stats: { command: `printf 'S%s\\n' '${ran("stats")}#[fg=red]S %4'"'"''` },
    });
    await server.tmux(["set-option", "-g", "@agentmux-daemon", "off"]);
    await server.tmux(["run-shell", PLUGIN]);
    await person.attach();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await viewer.stop();
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("a notification shown by tmux on the person's status line is the literal text", async () => {
    const r = await server.cli(["new", "--command", `sh ${JSON.stringify(script)}`, "--dir", dir, "--instance", "web", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    assert.ok(Number(pane.slice(1)) > 10, pane);
    const armed = await server.cli(["watch", pane, "ALERT"]);
    assert.equal(armed.exitCode, 0, String(armed.stderr));
    writeFileSync(armedFile, "");
    // No notify.command: the daemon tells the attached person with display-message.
    const screen = await person.waitForScreen(/matched \/ALERT\//, 20_000);
    assert.ok(screen.includes(`ALERT ${ran("line")}#[fg=red]L %4'`), screen);
    assert.deepEqual(markers(), []);
  });

  it("the switcher draws the title, the annotation and the stats line as text", async () => {
    for (let attempt = 0; ; attempt++) {
      await person.type("C-b", "S");
      try { await person.waitForScreen(/esc quit/, 4000); break; } catch (error) { if (attempt >= 3) throw error; }
    }
    const screen = await person.waitForScreen(/S#\(cd;touch pwned-stats\)/);
    assert.ok(screen.includes(`A${ran("annotation")}#[fg=red]A %4'`), screen);
    assert.ok(screen.includes(`S${ran("stats")}#[fg=red]S %4'`), screen);
    assert.ok(screen.includes(`${ran("dir")}#[fg=red]D %4' é`), screen);
    // Nothing red: every hostile style stayed text (the switcher's own colours are not red).
    const coloured = await person.screen(true);
    assert.doesNotMatch(coloured, /\x1b\[(?:[0-9;]*;)?31m[^\n]*(?:pwned|%4')/, "no hostile text drawn red");
    await person.type("Escape");
    assert.deepEqual(markers(), []);
  });

  it("list shows the agent's title without its control bytes, and nothing ran anywhere", async () => {
    const list = JSON.parse(String((await server.cli(["list", "--json"])).stdout)) as Array<{ pane: string; title: string }>;
    const title = list.find((s) => s.pane === pane)?.title ?? "";
    assert.ok(title.includes(`T${ran("title")}#[fg=red]T`), title);
    await new Promise((r) => setTimeout(r, 1500)); // #() jobs run in the background: give one time to land
    assert.deepEqual(markers(), []);
  });
});
