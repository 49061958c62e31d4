// NODE_OPTIONS="--import file:///…/bench/profile-preload.mjs" with P3_PROFILE=DIR: the daemon (`daemon run`)
// starts a V8 CPU profile and an allocation sampling at its first SIGUSR2 and writes them to DIR
// at its second. Bench use only.
/* global process */
import { Session } from "node:inspector";
import { writeFileSync } from "node:fs";

const dir = process.env.P3_PROFILE;
if (dir && process.argv.includes("run") && process.argv.includes("daemon")) {
  const session = new Session();
  session.connect();
  let on = false;
  process.on("SIGUSR2", () => {
    if (!on) {
      on = true;
      session.post("Profiler.enable", () => session.post("Profiler.start"));
      session.post("HeapProfiler.enable", () => session.post("HeapProfiler.startSampling", { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }));
      return;
    }
    session.post("Profiler.stop", (err, result) => {
      if (!err) writeFileSync(`${dir}/daemon-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
      on = false;
    });
    session.post("HeapProfiler.stopSampling", (err, result) => {
      if (!err) writeFileSync(`${dir}/daemon-${process.pid}.heapprofile`, JSON.stringify(result.profile));
    });
  });
}
