import { AgentmuxError } from "../util/errors.ts";

export const MIN_TMUX = { major: 3, minor: 2 } as const;

export interface TmuxVersion { major: number; minor: number; raw: string }

/** Parse `tmux -V` output: "tmux 3.3a", "tmux next-3.4", "tmux 3.2-rc2", "tmux master". */
export function parseTmuxVersion(output: string): TmuxVersion | null {
  const raw = output.trim();
  if (/\bmaster\b/.test(raw)) return { major: 99, minor: 0, raw };
  const match = /(\d+)\.(\d+)/.exec(raw);
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), raw };
}

export function checkTmuxVersion(output: string): TmuxVersion {
  const version = parseTmuxVersion(output);
  if (!version) {
    throw new AgentmuxError(`could not read the tmux version from "${output.trim()}"`, {
      hint: `agentmux needs tmux >= ${MIN_TMUX.major}.${MIN_TMUX.minor}`,
    });
  }
  const tooOld = version.major < MIN_TMUX.major || (version.major === MIN_TMUX.major && version.minor < MIN_TMUX.minor);
  if (tooOld) {
    throw new AgentmuxError(`${version.raw} is too old: agentmux needs tmux >= ${MIN_TMUX.major}.${MIN_TMUX.minor}`, {
      hint: "upgrade tmux, e.g. apt-get install tmux or brew install tmux",
    });
  }
  return version;
}
