import { runPublish } from "../publish.ts";
import { runVerb, type VerbMain } from "./run.ts";

/** `agentmux publish TEXT...` on the fast path (agents run it in their turns). */
const main: VerbMain = (_server, _values, words) => runVerb(() => runPublish(words));
export default main;
