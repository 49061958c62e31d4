import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { execa } from "execa";
import { writeConfig } from "../helpers/config.ts";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { globalOption, paneOption, sessionEnv, waitForState } from "../helpers/agentmux-session.ts";

/**
 * Text from repositories, agents and users is data at every place agentmux hands it to tmux: a
 * directory, window name, watch pattern, published status or prompt crafted with `#(...)`,
 * `#{...}`, `#[...]`, `%`, quotes, newlines and bytes that are not UTF-8 never runs a command (the
 * marker files stay absent) and is shown literally, never styled.
 */
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-hostile-")));
// `#(cd;touch NAME)` needs no slash, so it fits in one path component; it would run in $HOME.
const ran = (what: string) => `#(cd;touch pwned-${what})`;
const markers = () => readdirSync(userHome).filter((f) => f.startsWith("pwned-"));

/** The window name tmux keeps: one line, a `#` before `[` doubled (so the status line draws it as text). */
const shown = (name: string) => name.replace("\n", " ").replace(/#+(?=\[)/g, (run) => run + run);

/** What tmux draws for a format value: `##` is a `#`, `#[...]` a style (the styles are collected). */
function drawn(value: string): { text: string; styles: string[] } {
  let text = "";
  const styles: string[] = [];
  for (let i = 0; i < value.length; i++) {
    if (value.startsWith("##", i)) { text += "#"; i++; continue; }
    if (value.startsWith("#[", i)) {
      const end = value.indexOf("]", i);
      styles.push(value.slice(i + 2, end));
      i = end;
      continue;
    }
    text += value[i];
  }
  return { text, styles };
}

/** A `#` that tmux would read as the start of `#(`, `#{` or `#[`: an odd run of `#` before one of those. */
function liveFormats(value: string): string[] {
  return [...value.matchAll(/#+(?=[({[])/g)].filter((m) => m[0].length % 2 === 1).map((m) => value.slice(m.index, m.index + 12));
}

/** One format expansion of a string with no live format: ## is #, #, is , and #} is } (#[ stays). */
const expandOnce = (value: string) => value.replace(/#([#,}])/g, "$1");

/** The words of a tmux command string of double-quoted words (src/tmux/menu.ts tmuxCommand). */
function tmuxWords(command: string): string[] {
  const words: string[] = [];
  let i = 0;
  while (i < command.length) {
    if (command[i] === " ") { i++; continue; }
    assert.equal(command[i], "\"", `a quoted word at ${i} of ${command}`);
    let word = "";
    for (i++; command[i] !== "\""; i++) {
      assert.ok(i < command.length, `an unterminated word in ${command}`);
      if (command[i] === "\\") i++;
      word += command[i];
    }
    words.push(word);
    i++;
  }
  return words;
}

describe("hostile text never runs or styles anything in tmux", () => {
  const server = new TestServer({ HOME: userHome });
  const notified = join(server.home, "notified.txt");
  const notes = () => (existsSync(notified) ? readFileSync(notified, "utf8").split("\n").filter(Boolean) : []);
  const name = `${ran("name")}#[fg=red,bg=blue]X #{pane_id} %4' %H "q" 'q' \\ ;\nline2 é`;
  const dir = join(server.work, `${ran("dir")}`, name);
  let pane = "";

  before(async () => {
    await server.start();
    // Pane ids above %10: watchers broke from %4 up (%4' read as a strftime width).
    for (let i = 0; i < 12; i++) {
      const made = String((await server.tmux(["split-window", "-d", "-t", "base", "-P", "-F", "#{pane_id}", "sleep", "60"])).stdout).trim();
      await server.tmux(["kill-pane", "-t", made]);
    }
    writeConfig(server.home, { notify: { command: `cat >> ${notified}; echo >> ${notified}` }, backends: { claude: { handoffFile: ".claude/handoff.md" } } });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, ".agentmux.yml"), `sessions:\n  - name: web\n    watch:\n      - pattern: 'PROJ${ran("project").replace("(", "\\(").replace(")", "\\)")}|PROJ %4'' x'\n`);
    // A repository's file acts only once allowed: allowed here, so its watcher is armed at `new`.
    const allowed = await server.cli(["allow", dir]);
    assert.equal(allowed.exitCode, 0, String(allowed.stderr));
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("new: the window is named after the directory literally, in that very directory, and nothing ran", async () => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", dir, "--instance", "web", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    assert.ok(Number(pane.slice(1)) > 10, pane);
    await waitForState(server, pane, "idle");
    const [window = "", path = ""] = String((await server.tmux(["display-message", "-p", "-t", pane, "#{window_name}\x1f#{pane_current_path}"])).stdout).split("\x1f");
    assert.equal(window, shown(`${basename(dir)}:web`));
    assert.equal(path, dir);
    assert.deepEqual(markers(), []);
  });

  it("project-file and hand-set watchers fire on a pane above %10, and their patterns run nothing", async () => {
    const pattern = `HAND${ran("watch")}|HAND %4' %H|${"z".repeat(10_000)}`.replace("(c", "\\(c").replace("-watch)", "-watch\\)");
    const armed = await server.cli(["watch", pane, pattern]);
    assert.equal(armed.exitCode, 0, String(armed.stderr));
    // The watcher runs for exactly this pane (strftime would turn '%13' into a padded "   %13").
    const watchers = async () => String((await execa("ps", ["-eo", "args"])).stdout).split("\n").filter((l) => l.includes("agentmux-watch ") && l.includes(`/watch/${pane}.re`));
    await server.waitFor("the watcher process", async () => (await watchers()).length > 0);
    assert.ok((await watchers()).every((l) => l.includes(`agentmux-watch ${pane} /`)), (await watchers()).join("\n"));
    await server.tmux(["send-keys", "-t", pane, "-l", "PROJ %4' x"]);
    await server.tmux(["send-keys", "-t", pane, "Enter"]);
    // A watcher's own notification ("… matched /PATTERN/: LINE"), not the turn's "finished" one.
    const matched = (line: string) => notes().some((n) => n.includes(" matched /") && n.slice(n.lastIndexOf("/: ")).includes(line));
    await server.waitFor("the project file's watcher", () => matched("PROJ %4' x"), 15_000);
    await new Promise((r) => setTimeout(r, 3100)); // the daemon notifies a pane at most every 3 s
    await server.tmux(["send-keys", "-t", pane, "-l", "HAND %4' %H"]);
    await server.tmux(["send-keys", "-t", pane, "Enter"]);
    await server.waitFor("the hand-set watcher", () => matched("HAND %4' %H"), 15_000);
    assert.deepEqual(markers(), []);
  });

  it("publish: the status is kept as text, escaped for the formats users show it in; the border shows it and the name literally, unstyled", async () => {
    const env = await sessionEnv(server, pane);
    // printf writes bytes that are not UTF-8 (\377) into the argument, as a crafted agent could.
    const text = `${ran("publish")}#[fg=red]s #{pane_id} %4' \\377 "q"`;
    const r = await execa("sh", ["-c", `exec node "$0" -L "$1" publish "$(printf '%s' "$2" | sed 's/\\\\377/\\xff/')"`, CLI, server.name, text], { env: { ...server.env, ...env }, extendEnv: false, reject: false });
    assert.equal(r.exitCode, 0, String(r.stderr));
    const option = await paneOption(server, pane, "@agentmux-status-text");
    // In pane-border-format as it is (README), "#{@agentmux-status-text}" draws the text, styled by nothing.
    assert.deepEqual(liveFormats(option), [], option);
    assert.deepEqual(drawn(option).styles, [], option);
    const stored = drawn(option).text;
    assert.equal(stored, `${ran("publish")}#[fg=red]s #{pane_id} %4' \uFFFD "q"`);
    let border = "";
    await server.waitFor("the border with the status", async () => drawn(border = await paneOption(server, pane, "@agentmux-border")).text.includes("#[fg=red]s"));
    assert.deepEqual(liveFormats(border), [], border);
    const shown = drawn(border);
    assert.deepEqual(shown.styles, [], "no style in the border");
    assert.ok(shown.text.includes(`${ran("name")}#[fg=red,bg=blue]X #{pane_id} %4' %H "q" 'q' \\ ; line2 é`), shown.text);
    assert.ok(shown.text.includes(stored), shown.text);
    // Even a status line that expands the value again (#{E:@agentmux-border}) runs nothing.
    const expanded = String((await server.tmux(["display-message", "-p", "-t", pane, "#{E:@agentmux-border}"])).stdout);
    assert.ok(expanded.includes(`${ran("publish")}##[fg=red]s #{pane_id}`), expanded);
    const tooLong = await server.cli(["publish", "x".repeat(10_000)], { env });
    assert.notEqual(tooLong.exitCode, 0);
    assert.deepEqual(markers(), []);
  });

  it("the status segment holds only agentmux's own styles", async () => {
    await server.cli(["send", pane, `${ran("prompt")} #[fg=red] %4'`]);
    await server.waitFor("a segment", async () => (await globalOption(server, "@agentmux-status")) !== "");
    const segment = await globalOption(server, "@agentmux-status");
    assert.deepEqual(liveFormats(segment.replace(/#\[(fg=(red|yellow|green)|default)\]/g, "")), [], segment);
    assert.deepEqual(markers(), []);
  });

  it("menu: the session's name, directory and pane reach display-menu escaped", async () => {
    const r = await server.cli(["menu", "--print", "--pane", pane]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const args = JSON.parse(String(r.stdout)) as string[];
    const check = (words: string[]) => {
      for (const arg of words) {
        // Headers start with our own bold style. An item's command is expanded, never drawn: a
        // single # before [ stays text there.
        const command = /^"(run-shell|display-popup|command-prompt|display-menu)"/.test(arg);
        assert.deepEqual(liveFormats(arg.replace(/^-#\[bold\]/, "")).filter((f) => !command || !/^#+\[/.test(f)), [], arg);
        // A submenu's command is expanded when its menu is made, then parsed: its own title,
        // labels and commands are held to the same rules.
        if (/^"display-menu"/.test(arg)) check(tmuxWords(expandOnce(arg)).slice(1));
      }
    };
    check(args);
    assert.ok(args.some((a) => /^"display-menu"/.test(a)), "a submenu was checked");
    assert.ok(args.some((a) => a.includes("####(cd;touch pwned-dir)")), "the directory in a run-shell command: escaped for the menu and for run-shell");
  });

  it("rename refuses a name that tmux would expand; handoff names the new window literally", async () => {
    const bad = await server.cli(["rename", pane, "#(cd;touch pwned-rename)"]);
    assert.notEqual(bad.exitCode, 0);
    mkdirSync(join(dir, ".claude"), { recursive: true });
    writeFileSync(join(dir, ".claude", "handoff.md"), `carry on ${ran("handoff")} #[fg=red] %4'\n`);
    const r = await server.cli(["handoff", pane, "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const fresh = String((JSON.parse(String(r.stdout)) as { pane: string }).pane);
    const window = String((await server.tmux(["display-message", "-p", "-t", fresh, "#{window_name}"])).stdout);
    // rename-window (unlike new-window -n) stores a backslash as \\ (tmux's own encoding).
    assert.equal(window, shown(`${basename(dir)}:web`).replaceAll("\\", "\\\\"));
    await waitForState(server, fresh, "idle", 15_000).catch(() => undefined);
    assert.deepEqual(markers(), []);
  });

  it("nothing ran anywhere", async () => {
    await new Promise((r) => setTimeout(r, 1500)); // #() jobs run in the background: give one time to land
    assert.deepEqual(markers(), []);
  });
});
