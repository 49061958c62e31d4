import { openSwitcher } from "../../switcher/open.ts";
import { Tmux } from "../../tmux/tmux.ts";
import { switcherSettings } from "../switcher-settings.ts";
import { runVerb, type VerbMain } from "./run.ts";

/** `agentmux switch` on the fast path (the popup on prefix S). */
const main: VerbMain = (server, values) => runVerb(() => openSwitcher({ tmux: new Tmux(server), server, client: values.client as string | undefined, settings: switcherSettings }));
export default main;
