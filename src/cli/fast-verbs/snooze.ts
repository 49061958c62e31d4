import { runSnooze } from "../snooze.ts";
import { configuredContext, runVerb, type VerbMain } from "./run.ts";

/** `agentmux snooze` on the fast path (prefix Z, the menu). */
const main: VerbMain = (server, values, [first, second]) => runVerb(async () => runSnooze(await configuredContext(server), first, second, values));
export default main;
