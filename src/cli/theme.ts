import type { Command } from "commander";
import { THEME_MODES, type ThemeMode } from "../backends/shared/theme.ts";
import { resolveTheme, syncAllThemes, THEME_OPTION } from "../session/theme.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { out, shown } from "../util/terminal-text.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";

export function registerTheme(program: Command): void {
  program
    .command("theme [mode]")
    .description("set the light/dark setting (light, dark or auto) agentmux writes into each CLI's own theme for its new sessions when theme.sync is on; without a mode, say what it is")
    .option("--json", "print JSON")
    .action(async (mode: string | undefined, options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      if (mode !== undefined && !(THEME_MODES as readonly string[]).includes(mode)) {
        throw new AgentmuxError(`"${mode}" is not a theme mode`, { hint: `use ${THEME_MODES.join(", ")}`, exitCode: EXIT.usage });
      }
      let written: string[] = [];
      if (mode !== undefined) {
        await requireControl(ctx, "theme");
        await ctx.tmux.setOption("global", THEME_OPTION, mode);
      }
      const theme = await resolveTheme(ctx.tmux);
      const sync = ctx.config.theme.sync;
      if (mode !== undefined && sync) written = syncAllThemes(ctx.config, theme.mode as ThemeMode);
      if (options.json) { printJson({ ok: true, set: theme.set, mode: theme.mode, sync, written }); return; }
      const detected = theme.set === "auto" ? (theme.mode === "auto" ? " (the terminal's background is not known: each CLI follows its own auto)" : ` (${theme.mode}, from the terminal's background)`) : "";
      out(shown`theme: ${theme.set}${detected}\n`);
      if (!sync) out(shown`theme.sync is off: no CLI's theme is written (set theme.sync: true in the config)\n`);
      else if (mode !== undefined) out(shown`${written.length === 0 ? "every CLI's theme is already so" : written.join("\n")}\n`);
    });
}
