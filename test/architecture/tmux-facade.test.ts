import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const SRC = join(import.meta.dirname, "..", "..", "src");

/** Every tmux command (tmux 3.3 list-commands) and the aliases and short forms tmux takes. */
const TMUX_COMMANDS = new Set(`attach-session bind-key break-pane capture-pane choose-buffer choose-client choose-tree
clear-history clear-prompt-history clock-mode command-prompt confirm-before copy-mode customize-mode delete-buffer
detach-client display-menu display-message display-popup display-panes find-window has-session if-shell join-pane
kill-pane kill-server kill-session kill-window last-pane last-window link-window list-buffers list-clients
list-commands list-keys list-panes list-sessions list-windows load-buffer lock-client lock-server lock-session
move-pane move-window new-session new-window next-layout next-window paste-buffer pipe-pane previous-layout
previous-window refresh-client rename-session rename-window resize-pane resize-window respawn-pane respawn-window
rotate-window run-shell save-buffer select-layout select-pane select-window send-keys send-prefix server-access
set-buffer set-environment set-hook set-option set-window-option show-buffer show-environment show-hooks
show-messages show-options show-prompt-history show-window-options source-file split-window start-server
suspend-client swap-pane swap-window switch-client unbind-key unlink-window wait-for
attach bind breakp capturep clearhist confirm detach display displayp findw if joinp killp killw lastp last
linkw lsb lsc lscm lsk lsp ls lsw loadb lockc locks movep movew new neww nextl next pasteb pipep prevl prev
refresh rename renamew resizep resizew respawnp respawnw rotatew run saveb selectl selectp selectw send
set setb setenv setw show showb showenv showmsgs showw source splitw start suspendc swapp swapw switchc
unbind unlinkw wait menu popup show-option`.split(/\s+/).filter(Boolean));

/** Calls that start a program: their first argument may not be "tmux" outside src/tmux. */
const SPAWNERS = new Set(["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "execa", "execaSync", "fork"]);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

function stringValue(node: ts.Node | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

/** file:line of every tmux command built in this file: an array literal, or a call's argument list, led by a command name; a spawn of tmux. */
function tmuxCommandsBuilt(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const where = (node: ts.Node) => `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node)) {
      const first = stringValue(node.elements[0]);
      // Led by a command name, or by "tmux" (a command line), or holding a full command name after flags (["-f", FILE, "new-session", ...]).
      const named = node.elements.map((e) => stringValue(e)).find((word) => word !== undefined && word.includes("-") && TMUX_COMMANDS.has(word));
      if (first !== undefined && (TMUX_COMMANDS.has(first) || first === "tmux")) found.push(`${where(node)}: [${JSON.stringify(first)}, ...]`);
      else if (named !== undefined) found.push(`${where(node)}: [..., ${JSON.stringify(named)}, ...]`);
    }
    if (ts.isCallExpression(node)) {
      const callee = ts.isIdentifier(node.expression) ? node.expression.text : ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : "";
      const first = stringValue(node.arguments[0]);
      if (SPAWNERS.has(callee) && (first === "tmux" || /^tmux\s/.test(first ?? ""))) found.push(`${where(node)}: ${callee}("tmux")`);
      // A tmux command handed over word by word: run("send-keys", ...) (full names only: commander's command("run") is no tmux).
      else if (first !== undefined && first.includes("-") && TMUX_COMMANDS.has(first) && node.arguments.length > 1) found.push(`${where(node)}: ${callee}(${JSON.stringify(first)}, ...)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("only src/tmux builds tmux commands", () => {
  it("no argument array led by a tmux command name, and no spawn of tmux, outside src/tmux", () => {
    const found = files(SRC).filter((file) => !relative(SRC, file).startsWith("tmux/")).flatMap(tmuxCommandsBuilt);
    assert.deepEqual(found, [], "add a typed method to src/tmux/tmux.ts (or a builder to src/tmux/commands.ts) and call that");
  });

  it("the check sees what it looks for", () => {
    const probe = join(import.meta.dirname, "..", "fixtures", "tmux-facade-probe.ts.txt");
    const found = tmuxCommandsBuilt(probe).map((line) => line.replace(/^.*?:(\d+):/, "$1:"));
    assert.deepEqual(found, ['1: ["send-keys", ...]', '2: spawn("tmux")', '3: ["display-message", ...]', '4: [..., "new-session", ...]', '5: ["tmux", ...]']);
  });
});
