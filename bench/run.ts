// npm run bench: prints each figure with its baseline measured in the same run. Never a test.
import { benchHookCost } from "./p1-hook-cost.ts";
import { benchStateLatency } from "./p2-state-latency.ts";
import { benchWaitLatency } from "./p6-wait-latency.ts";
import { benchSwitch } from "./p5-switch.ts";
import { benchScreenLatency } from "./p4-screen-latency.ts";
import { benchDaemonCpu, benchDaemonMemory } from "./p3-p7-daemon-load.ts";
import { benchSpoolStorm } from "./p8-spool-storm.ts";
import { benchDialogLatency } from "./p10-dialog-latency.ts";
import { benchKeyVerbs } from "./p9-key-verbs.ts";
import { benchRemotePush } from "./p11-remote-push.ts";

const only = process.argv[2];
const lines: string[] = [];
if (!only || only === "p1") lines.push(...benchHookCost());
if (!only || only === "p2") lines.push(...(await benchStateLatency()));
if (!only || only === "p3") lines.push(...(await benchDaemonCpu(Number(process.env["P3_SECONDS"] ?? 60))));
if (!only || only === "p4") lines.push(...(await benchScreenLatency()));
if (!only || only === "p5") lines.push(...(await benchSwitch()));
if (!only || only === "p6") lines.push(...(await benchWaitLatency()));
if (!only || only === "p7") lines.push(...(await benchDaemonMemory()));
// P8_LOAD=N: N CPU burners a core during the storm, the generators at nice P8_NICE (10 when loaded).
const p8Load = { burnersPerCore: Number(process.env["P8_LOAD"] ?? 0), nice: Number(process.env["P8_NICE"] ?? (process.env["P8_LOAD"] ? 10 : 0)) };
if (!only || only === "p8") lines.push(...(await benchSpoolStorm(Number(process.env["P8_PANES"] ?? 50), Number(process.env["P8_RATE"] ?? 10), Number(process.env["P8_SECONDS"] ?? 60), p8Load)));
if (!only || only === "p9") lines.push(...(await benchKeyVerbs(Number(process.env["P9_ROUNDS"] ?? 25))));
if (!only || only === "p10") lines.push(...(await benchDialogLatency(Number(process.env["P10_ROUNDS"] ?? 5))));
if (!only || only === "p11") lines.push(...(await benchRemotePush(Number(process.env["P11_ROUNDS"] ?? 100))));
process.stdout.write(`${lines.join("\n")}\n`);
