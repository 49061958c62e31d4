#!/usr/bin/env node
// The verbs a key binding or a hook runs (switch, next, snooze, menu, kill, list, publish, hook,
// --version) start without the full CLI: see src/cli/fast-path.ts. Everything else, and anything
// the fast path does not recognise (--help, a typo), goes to the commander CLI in dist/cli/main.js.
import { runFast } from "../dist/cli/fast-path.js";

if (!(await runFast(process.argv))) await import("../dist/cli/main.js");
