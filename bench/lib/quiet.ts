// A quiet machine: the load average before each part, waiting (bounded) while it is high.
import { loadAvg, sleep } from "./format";
import { opts } from "./options";

export type Quiet = {
  part: string;
  loadAvgBefore: number[];
  waitedS: number;
  loadAvgAtStart: number[];
  quiet: boolean;
};
export const quietLog: Quiet[] = [];

export async function awaitQuiet(part: string): Promise<Quiet> {
  const before = loadAvg();
  const t0 = performance.now();
  let now = before;
  if (now[0]! > opts.maxLoad && opts.maxWaitS > 0) {
    console.log(
      `  load average ${now.join(" / ")} is above ${opts.maxLoad}: waiting up to ${opts.maxWaitS} s for it to drop ...`,
    );
    const polls = Math.ceil(opts.maxWaitS / 5);
    for (let i = 0; i < polls && now[0]! > opts.maxLoad; i++) {
      await sleep(5_000);
      now = loadAvg();
    }
  }
  const q: Quiet = {
    part,
    loadAvgBefore: before,
    waitedS: Math.round((performance.now() - t0) / 1000),
    loadAvgAtStart: now,
    quiet: now[0]! <= opts.maxLoad,
  };
  console.log(
    `  load average (1/5/15 min) before ${part}: ${before.join(" / ")}` +
      (q.waitedS ? `; after waiting ${q.waitedS} s: ${now.join(" / ")}` : "") +
      (q.quiet ? "" : `  WARNING: still above ${opts.maxLoad}, measuring anyway`),
  );
  quietLog.push(q);
  return q;
}
