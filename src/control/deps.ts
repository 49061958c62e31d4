import type { Config } from "../config/config.ts";
import type { Tmux } from "../tmux/tmux.ts";

/** What a control function needs: the tmux server and the config (cli/'s Context is one; so is the MCP server's). */
export interface ControlDeps {
  readonly tmux: Tmux;
  readonly config: Config;
}
