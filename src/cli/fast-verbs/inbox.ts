import { runInbox } from "../inbox.ts";
import { runVerb, type VerbMain } from "./run.ts";

/** `agentmux inbox` on the fast path (the popup on prefix N). */
const main: VerbMain = (server, values) => runVerb(() => runInbox(server, { json: values.json === true, ...(typeof values.client === "string" ? { client: values.client } : {}) }));
export default main;
