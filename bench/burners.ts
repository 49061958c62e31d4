import { execa, type ResultPromise } from "execa";
import { availableParallelism } from "node:os";

/** CPU burners (`yes > /dev/null`), `perCore` for each core, to load the machine; stop() ends them. */
export function startBurners(perCore: number): { count: number; stop: () => Promise<void> } {
  const burners: ResultPromise[] = [];
  for (let i = 0; i < perCore * availableParallelism(); i++) burners.push(execa("sh", ["-c", "exec yes >/dev/null"], { reject: false }));
  return {
    count: burners.length,
    stop: async () => {
      for (const b of burners) b.kill("SIGKILL");
      await Promise.all(burners);
    },
  };
}
