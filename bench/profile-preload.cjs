// NODE_OPTIONS="--require bench/profile-preload.cjs" with P3_PROFILE=DIR: the daemon (`daemon run`)
// starts a V8 CPU profile at its first SIGUSR2 and writes it to DIR at its second. Bench use only.
"use strict";
const dir = process.env.P3_PROFILE;
if (dir && process.argv.includes("run") && process.argv.includes("daemon")) {
  const inspector = require("node:inspector");
  const fs = require("node:fs");
  const session = new inspector.Session();
  session.connect();
  let on = false;
  process.on("SIGUSR2", () => {
    if (!on) {
      on = true;
      session.post("Profiler.enable", () => session.post("Profiler.start"));
      return;
    }
    session.post("Profiler.stop", (err, result) => {
      if (!err) fs.writeFileSync(`${dir}/daemon-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
      on = false;
    });
  });
}
