import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { configWord, escapeExpand } from "../tmux/safe-text.ts";
import { modeOf, writeFileAtomic } from "../util/atomic-write.ts";
import { shQuote } from "../util/sh.ts";
import { backupFile } from "../util/backup.ts";
import { readRegularText } from "../util/regular-file.ts";
import type { SetupStep } from "../backends/shared/types.ts";

type Env = Record<string, string | undefined>;

/** The largest tmux.conf read. */
const MAX = 1024 * 1024;

/** tmux's own config file: ~/.tmux.conf, else $XDG_CONFIG_HOME/tmux/tmux.conf when only that exists. */
export function tmuxConfFile(env: Env = process.env): string {
  const home = env["HOME"] || homedir();
  const classic = join(home, ".tmux.conf");
  const xdg = join(env["XDG_CONFIG_HOME"] || join(home, ".config"), "tmux", "tmux.conf");
  return !existsSync(classic) && existsSync(xdg) ? xdg : classic;
}

/** A line that loads agentmux: run-shell of its plugin, or TPM's @plugin naming agentmux (comments aside). */
export function loadsAgentmux(text: string): boolean {
  return text.split("\n").some((line) => {
    const code = line.replace(/#.*$/, "").trim();
    return /^run(?:-shell)?\b.*agentmux\.tmux/.test(code) || /^set(?:-option)?\s+(?:-\w+\s+)*@plugin\s+['"]?[^'"\s]*agentmux/.test(code);
  });
}

/** The plugin line for this checkout: run-shell runs its argument with sh after expanding it as a format. */
export function pluginLine(root: string): string {
  return `run-shell ${configWord(escapeExpand(shQuote(join(root, "tmux", "agentmux.tmux"))))}`;
}

/** The step: the plugin line in tmux's config, offered (appended, the file backed up) when missing. */
export function pluginLineStep(root: string, env: Env = process.env, now = new Date()): SetupStep {
  const file = tmuxConfFile(env);
  let text = "";
  try {
    text = existsSync(file) ? readRegularText(file, { maxBytes: MAX }) : "";
  } catch (error) {
    return { step: "plugin line", ok: false, found: `${file} cannot be read (${(error as Error).message})` };
  }
  if (loadsAgentmux(text)) return { step: "plugin line", ok: true, found: `${file} loads agentmux` };
  const line = pluginLine(root);
  return {
    step: "plugin line", ok: false, found: `${file} does not load agentmux: no keys, no status segment, no daemon with tmux`,
    offer: {
      question: `Add "${line}" to the end of ${file}?`,
      apply: () => {
        const exists = existsSync(file);
        const backup = exists ? backupFile(file, "agentmux-backup", now) : undefined;
        const sep = text === "" || text.endsWith("\n") ? "" : "\n";
        writeFileAtomic(file, `${text}${sep}# agentmux: keys, status segment and daemon\n${line}\n`, modeOf(file, 0o644));
        return `added the plugin line to ${file}${backup ? ` (backup: ${backup})` : ""}; reload with tmux source-file ${file}`;
      },
    },
  };
}
