import { runList } from "../list.ts";
import { configuredContext, runVerb, type VerbMain } from "./run.ts";

/** `agentmux list` on the fast path (the menu's "list sessions"). */
const main: VerbMain = (server, values) => runVerb(async () => runList(await configuredContext(server), values));
export default main;
