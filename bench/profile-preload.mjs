// NODE_OPTIONS="--import file:///…/bench/profile-preload.mjs" with P3_PROFILE=DIR: the daemon (`daemon run`)
// starts a V8 CPU profile and an allocation sampling at its first SIGUSR2 and writes them to DIR
// at its second, with the collector's runs in between (daemon-PID.gc.json: count and ms by kind);
// with P3_GC_ONLY=1 only the collector's runs (no profiler to weigh on them). Bench use only.
/* global process */
import { Session } from "node:inspector";
import { writeFileSync } from "node:fs";
import { PerformanceObserver, constants } from "node:perf_hooks";

const GC_KINDS = { [constants.NODE_PERFORMANCE_GC_MINOR]: "scavenge", [constants.NODE_PERFORMANCE_GC_MAJOR]: "mark-compact", [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental marking", [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak callbacks" };

const dir = process.env.P3_PROFILE;
if (dir && process.argv.includes("run") && process.argv.includes("daemon")) {
  const session = new Session();
  session.connect();
  const gcOnly = process.env.P3_GC_ONLY === "1";
  let on = false;
  let gc = {};
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[entry.detail?.kind] ?? String(entry.detail?.kind);
      const was = gc[kind] ?? { count: 0, ms: 0 };
      gc[kind] = { count: was.count + 1, ms: Math.round((was.ms + entry.duration) * 10) / 10 };
    }
  });
  process.on("SIGUSR2", () => {
    if (!on) {
      on = true;
      gc = {};
      observer.observe({ entryTypes: ["gc"] });
      if (gcOnly) return;
      session.post("Profiler.enable", () => session.post("Profiler.start"));
      session.post("HeapProfiler.enable", () => session.post("HeapProfiler.startSampling", { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }));
      return;
    }
    observer.disconnect();
    writeFileSync(`${dir}/daemon-${process.pid}.gc.json`, JSON.stringify(gc, null, 1));
    on = false;
    if (gcOnly) return;
    session.post("Profiler.stop", (err, result) => {
      if (!err) writeFileSync(`${dir}/daemon-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
    });
    session.post("HeapProfiler.stopSampling", (err, result) => {
      if (!err) writeFileSync(`${dir}/daemon-${process.pid}.heapprofile`, JSON.stringify(result.profile));
    });
  });
}
