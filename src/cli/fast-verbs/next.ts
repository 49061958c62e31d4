import { runNext } from "../next.ts";
import { configuredContext, runVerb, type VerbMain } from "./run.ts";

/** `agentmux next` on the fast path (prefix B). */
const main: VerbMain = (server, values) => runVerb(async () => runNext(await configuredContext(server), values));
export default main;
