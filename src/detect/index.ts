/** Screen and title detection from manifests: what the daemon and `agentmux detect` use. */
export { detect } from "./detect.ts";
export { dialogDigest, readDialog, type Dialog } from "./dialog.ts";
export { explainVerdict, verdictLine } from "./explain.ts";
export { identifyAgent, type PaneFacts } from "./identify.ts";
export { builtinManifestDir, findManifest, loadManifests, userManifestDir, type LoadedManifests } from "./load.ts";
export { parseManifest } from "./parse.ts";
export { formatProblem, type ManifestProblem } from "./problems.ts";
export type { DetectInput, DetectState, Manifest, NearMiss, Rule, RuleState, Verdict } from "./types.ts";
export { processTree } from "./process-tree.ts";
