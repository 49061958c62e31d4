import { runKill } from "../manage.ts";
import { configuredContext, runVerb, type VerbMain } from "./run.ts";

/** `agentmux kill TARGET` on the fast path (the kill key's popup). */
const main: VerbMain = (server, values, [target]) => runVerb(async () => runKill(await configuredContext(server), target ?? "", values));
export default main;
