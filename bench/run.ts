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
import { benchHosts } from "./p13-hosts.ts";

const only = process.argv[2];
const lines: string[] = [];
if (!only || only === "p1") lines.push(...benchHookCost());
if (!only || only === "p2") lines.push(...(await benchStateLatency()));
if (!only || only === "p3") lines.push(...(await benchDaemonCpu(Number(process.env["P3_SECONDS"] ?? 60))));
if (!only || only === "p3" || only === "p3-200") lines.push(...(await benchDaemonCpu(Number(process.env["P3_SECONDS"] ?? 60), 200, 20, 1)));
if (!only || only === "p4") lines.push(...(await benchScreenLatency()));
if (!only || only === "p5") lines.push(...(await benchSwitch()));
if (!only || only === "p6") lines.push(...(await benchWaitLatency()));
if (!only || only === "p7") lines.push(...(await benchDaemonMemory()));
// P8 runs twice: the storm at the most this machine generates, then with the machine loaded:
// P8_LOAD CPU burners a core (1; 0 skips the loaded run), the generators at nice P8_NICE (10).
const p8 = (load: { burnersPerCore: number; nice: number }) => benchSpoolStorm(Number(process.env["P8_PANES"] ?? 50), Number(process.env["P8_RATE"] ?? 10), Number(process.env["P8_SECONDS"] ?? 60), load);
if (!only || only === "p8") {
  lines.push(...(await p8({ burnersPerCore: 0, nice: 0 })));
  const burners = Number(process.env["P8_LOAD"] ?? 1);
  if (burners > 0) lines.push(...(await p8({ burnersPerCore: burners, nice: Number(process.env["P8_NICE"] ?? 10) })));
}
if (!only || only === "p9") lines.push(...(await benchKeyVerbs(Number(process.env["P9_ROUNDS"] ?? 25))));
if (!only || only === "p10") lines.push(...(await benchDialogLatency(Number(process.env["P10_ROUNDS"] ?? 5))));
if (!only || only === "p11") lines.push(...(await benchRemotePush(Number(process.env["P11_ROUNDS"] ?? 100))));
if (!only || only === "p13") lines.push(...(await benchHosts(Number(process.env["P13_ROUNDS"] ?? 40))));
process.stdout.write(`${lines.join("\n")}\n`);
