#!/usr/bin/env node
// The verbs a key binding or a hook runs (switch, next, snooze, menu, kill, list, publish, hook,
// --version) start without the full CLI: see src/cli/fast-path.ts. Everything else, and anything
// the fast path does not recognise (--help, a typo), goes to the commander CLI in dist/cli/main.js.
// This file and the fast path are CommonJS (bin/package.json says so): an ES module would have Node
// set up its module loader first, a tenth of a key press's start-up (scripts/bundle.mjs).
"use strict";
const { runFast } = require("../dist/cli/fast-path.cjs");

runFast(process.argv).then((handled) => {
  if (!handled) return import("../dist/cli/main.js");
  return undefined;
}).catch((error) => {
  process.stderr.write(`agentmux: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exitCode = 1;
});
