import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { displayMessageArgs, pipePaneArgs, renameWindowArgs, runShellArgs, shownWindowName, startDirArg, windowNameArg } from "../../../src/tmux/commands.ts";
import { commandPromptArgs, menuArgs } from "../../../src/tmux/menu.ts";

describe("tmux commands that expand formats escape their text themselves", () => {
  it("window names (new-window -n, rename-window) and start directories", () => {
    assert.equal(windowNameArg("#(touch x)#[fg=red]X%H"), "##(touch x)##[fg=red]X%H");
    assert.deepEqual(renameWindowArgs("%12", "#{pane_id}\nx"), ["rename-window", "-t", "%12", "##{pane_id} x"]);
    assert.equal([...shownWindowName("n".repeat(10_000))].length, 200);
    assert.equal(startDirArg("/r/#(x) %H"), "/r/##(x) %H");
    assert.equal(startDirArg("/r/#[fg=red]/##[x]/#{y}#[z]"), "/r/#[fg=red]/##[x]/##{y}#[z]", "expansion keeps # runs before [ as they are");
    assert.equal(shownWindowName("a#[fg=red]b##[c]"), "a##[fg=red]b####[c]", "kept doubled before [, so the status line draws it as text");
  });

  it("pipe-pane: argv quoted, # and % doubled (pane %4' would be a strftime width)", () => {
    assert.deepEqual(pipePaneArgs("%14", ["/bin/watch", "%14", "/d/#x"]), ["pipe-pane", "-O", "-t", "%14", "exec '/bin/watch' '%%14' '/d/##x'"]);
    assert.deepEqual(pipePaneArgs("%14"), ["pipe-pane", "-t", "%14"]);
  });

  it("run-shell: argv quoted, # doubled (run-shell has no strftime)", () => {
    assert.deepEqual(runShellArgs(["echo", "#(x)", "%12"], { background: true }), ["run-shell", "-b", "'echo' '##(x)' '%12'"]);
  });

  it("display-message and command-prompt texts (formats and strftime)", () => {
    assert.deepEqual(displayMessageArgs({ client: "/dev/pts/3", text: "#(x) 5% a\nb" }), ["display-message", "-c", "/dev/pts/3", "##(x) 5%% a b"]);
    assert.deepEqual(commandPromptArgs({ client: "c", prompt: "snooze #[bold]%H:", initial: "#{x}", template: "run-shell x" }), ["command-prompt", "-t", "c", "-I", "##{x}", "-p", "snooze ##[bold]%%H:", "run-shell x"]);
  });

  it("menu titles and labels", () => {
    const args = menuArgs({ title: "#(t)", items: [{ kind: "item", label: "#[fg=red]s\n", key: "a", command: "run-shell x" }, { kind: "header", label: "#{h}" }] });
    assert.deepEqual(args.slice(1, 3), ["-T", " ##(t) "]);
    assert.ok(args.includes("##[fg=red]s "));
    assert.ok(args.includes("-#[bold]##{h}"));
  });
});
