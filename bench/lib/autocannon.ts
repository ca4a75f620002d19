// The load generator: autocannon in this process, one run at a time, bounded in time and stopped
// on SIGINT/SIGTERM.
import autocannon from "autocannon";
import { onInterrupt } from "./cleanup";
import { opts } from "./options";

const MAX_LATENCY_SAMPLES = 5_000_000;
let runningCannon: autocannon.Instance | undefined;
onInterrupt.add(() => runningCannon?.stop());

export type CannonRun = {
  /** One URL, or a base URL with `paths` cycled through, one path per request. */
  url: string;
  seconds: number;
  paths?: string[];
  /** Receives the response time (ms) of every 2xx response, for exact percentiles. */
  record?: number[];
};

export function cannon(run: CannonRun): Promise<autocannon.Result> {
  return new Promise((res, rej) => {
    // Outer bound in case autocannon does not end on its own.
    let guard: NodeJS.Timeout | undefined;
    const paths = run.paths;
    let next = 0;
    const inst = autocannon(
      {
        url: run.url,
        connections: opts.connections,
        duration: run.seconds,
        timeout: 10,
        // Every request takes the next path of the list (shared by all connections).
        ...(paths?.length
          ? {
              requests: [
                { method: "GET", setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) },
              ],
            }
          : {}),
      },
      (err, r) => {
        clearTimeout(guard);
        runningCannon = undefined;
        if (err) rej(err);
        else res(r);
      },
    );
    const record = run.record;
    if (record) {
      inst.on("response", (_client, status, _bytes, ms) => {
        if (status >= 200 && status < 300 && record.length < MAX_LATENCY_SAMPLES) record.push(ms);
      });
    }
    runningCannon = inst;
    guard = setTimeout(() => inst.stop(), (run.seconds + 30) * 1000);
  });
}
