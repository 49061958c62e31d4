import type { Command } from "commander";
import { registerMenu } from "./menu.ts";
import { registerNext } from "./next.ts";
import { registerSnooze } from "./snooze.ts";
import { registerSwitch } from "./switch.ts";

/** Seeing and moving between sessions from tmux: switch, next, snooze, menu. */
export function registerNavigate(program: Command): void {
  registerSwitch(program);
  registerNext(program);
  registerSnooze(program);
  registerMenu(program);
}
