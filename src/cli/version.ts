/** agentmux's version: --version prints it (src/util/version.ts holds it, for the daemon too). */
export { VERSION } from "../util/version.ts";
