import type { Logger } from "./logger";
import type { AppDeps } from "./services/context";
import { expireUnpaidOrders } from "./services/orders";
import { nudgeOutbox, setOutboxLease } from "./services/outbox";

/** How often unpaid orders past their 30 minutes are looked for. */
export const SWEEP_INTERVAL_MS = 60_000;
/** How often the outbox is looked at for messages due (retries, and what a crashed server left). */
export const OUTBOX_INTERVAL_MS = 5_000;

export type JobOptions = {
  /** How long a claimed message is left to the server that claimed it (tests shorten it). */
  outboxLeaseMs?: number;
  outboxIntervalMs?: number;
};

/**
 * Background work of every server: unpaid gateway orders lapse and give their stock back, and the
 * outbox is delivered. Safe on many instances at once (both claim rows with SKIP LOCKED). Returns
 * a function that stops it.
 */
export function startJobs(deps: AppDeps, log: Logger, opts: JobOptions = {}): () => void {
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

  if (opts.outboxLeaseMs) setOutboxLease(deps.db, opts.outboxLeaseMs);
  // At start: what a server that stopped (or crashed) left unsent goes out now.
  void nudgeOutbox(deps);
  const outboxTimer = setInterval(() => void nudgeOutbox(deps), opts.outboxIntervalMs ?? OUTBOX_INTERVAL_MS);
  outboxTimer.unref();
  return () => {
    clearInterval(timer);
    clearInterval(outboxTimer);
  };
}
