#!/usr/bin/env node
// `agentmux switch` opens in a popup on a key press: it starts without the full CLI (see src/cli/fast-path.ts).
import { runFast } from "../dist/cli/fast-path.js";

if (!(await runFast(process.argv))) await import("../dist/cli/main.js");
