import { COMMAND_PATHS } from "../command-paths.ts";
import { runMenu } from "../menu.ts";
import { configuredContext, runVerb, type VerbMain } from "./run.ts";

/** `agentmux menu` on the fast path (prefix a). */
const main: VerbMain = (server, values) => runVerb(async () => runMenu(await configuredContext(server), values, COMMAND_PATHS));
export default main;
