import type { JsonObject } from "../../util/json.ts";
import { inlineSessionConfig, pluginPath, prepareInlinePlugin, readInlineConfig, type InlinePlugin, type InlinePrepareRequest } from "../shared/inline-plugin.ts";

/** opencode's variable for a config given inline, merged after the user's and the project's files. */
export const CONTENT_VARIABLE = "OPENCODE_CONFIG_CONTENT";

const OPENCODE: InlinePlugin = { variable: CONTENT_VARIABLE, label: "opencode", agent: "opencode" };

/** The plugin shipped with agentmux (etc/opencode/agentmux.js, shared with Kilo). */
export const opencodePluginPath = pluginPath;

/** The user's own OPENCODE_CONFIG_CONTENT, parsed; {} when unset. */
export const readInheritedContent = (text: string | undefined): JsonObject => readInlineConfig(OPENCODE, text);

/** The inline config for one session: the user's own with agentmux's plugin after their plugins. */
export const sessionContent = (inherited: JsonObject, plugin: string, hookPath: string): JsonObject => inlineSessionConfig(OPENCODE, inherited, plugin, hookPath);

export type OpencodePrepareRequest = InlinePrepareRequest;

/**
 * The environment that loads agentmux's plugin into one opencode session: OPENCODE_CONFIG_CONTENT.
 * opencode still reads the user's global config, OPENCODE_CONFIG and the project's files, and merges
 * plugin lists, so nothing of theirs is edited or replaced.
 */
export const prepareOpencodeEnv = (request: OpencodePrepareRequest = {}): Record<string, string> => prepareInlinePlugin(OPENCODE, request);
