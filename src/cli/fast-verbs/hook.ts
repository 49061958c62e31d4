import { spoolDeclaredState } from "../hook.ts";
import type { VerbMain } from "./run.ts";

/** `agentmux hook STATE` on the fast path: never fails, never prints. */
const main: VerbMain = (_server, _values, [state]) => Promise.resolve(spoolDeclaredState(state ?? ""));
export default main;
