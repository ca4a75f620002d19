import type { Logger } from "./logger";
import type { AppDeps } from "./services/context";
import { expireUnpaidOrders } from "./services/orders";

/** How often unpaid orders past their 30 minutes are looked for. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Background work of every server: unpaid gateway orders lapse and give their stock back. Safe on
 * many instances at once (the sweep claims rows with SKIP LOCKED). Returns a function that stops it.
 */
export function startJobs(deps: AppDeps, log: Logger): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      while ((await expireUnpaidOrders(deps)) > 0) {
        // A backlog is cleared in batches.
      }
    } catch (err) {
      log.error({ err }, "job: lapsing unpaid orders failed");
    } finally {
      running = false;
    }
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
