import type { JsonObject } from "../../util/json.ts";
import { inlineSessionConfig, pluginPath, prepareInlinePlugin, readInlineConfig, type InlinePlugin, type InlinePrepareRequest } from "../shared/inline-plugin.ts";

/**
 * Kilo's variable for a config given inline (opencode's OPENCODE_CONFIG_CONTENT, renamed): read
 * after the user's global config, KILO_CONFIG and the project's files, its plugins appended to theirs.
 */
export const KILO_CONTENT_VARIABLE = "KILO_CONFIG_CONTENT";

const KILO: InlinePlugin = { variable: KILO_CONTENT_VARIABLE, label: "Kilo", agent: "kilo" };

/** The plugin shipped with agentmux: opencode's (Kilo's bus is opencode's), told to forward as kilo. */
export const kiloPluginPath = pluginPath;

/** The user's own KILO_CONFIG_CONTENT, parsed; {} when unset. */
export const readKiloContent = (text: string | undefined): JsonObject => readInlineConfig(KILO, text);

/** The inline config for one session: the user's own with agentmux's plugin after their plugins. */
export const kiloSessionContent = (inherited: JsonObject, plugin: string, hookPath: string): JsonObject => inlineSessionConfig(KILO, inherited, plugin, hookPath);

export type KiloPrepareRequest = InlinePrepareRequest;

/**
 * The environment that loads agentmux's plugin into one Kilo session: KILO_CONFIG_CONTENT. Kilo
 * still reads ~/.config/kilo, KILO_CONFIG and the project's files, and merges plugin lists, so
 * nothing of the user's is edited or replaced.
 */
export const prepareKiloEnv = (request: KiloPrepareRequest = {}): Record<string, string> => prepareInlinePlugin(KILO, request);
