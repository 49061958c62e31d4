// npm run bench: prints each figure with its baseline measured in the same run. Never a test.
import { benchHookCost } from "./p1-hook-cost.ts";
import { benchStateLatency } from "./p2-state-latency.ts";
import { benchWaitLatency } from "./p6-wait-latency.ts";

const only = process.argv[2];
const lines: string[] = [];
if (!only || only === "p1") lines.push(...benchHookCost());
if (!only || only === "p2") lines.push(...(await benchStateLatency()));
if (!only || only === "p6") lines.push(...(await benchWaitLatency()));
process.stdout.write(`${lines.join("\n")}\n`);
