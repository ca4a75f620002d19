import type { Logger } from "./logger";
import type { AppDeps } from "./services/context";
import { numberInvoices } from "./services/invoices";
import { deleteOldJobs, nudgeJobs, setJobLease } from "./services/jobs";
import { expireUnpaidOrders } from "./services/orders";
import { nudgeOutbox, setOutboxLease } from "./services/outbox";
import { sendStockAlerts } from "./services/stock-alerts";

/** How often unpaid orders past their 30 minutes are looked for. */
export const SWEEP_INTERVAL_MS = 60_000;
/** How often the outbox is looked at for messages due (retries, and what a crashed server left). */
export const OUTBOX_INTERVAL_MS = 5_000;
/** How often background jobs (long exports) are looked for: queued ones, and ones a stopped server left. */
export const JOBS_INTERVAL_MS = 5_000;

export type JobOptions = {
  /** How long a claimed message is left to the server that claimed it (tests shorten it). */
  outboxLeaseMs?: number;
  outboxIntervalMs?: number;
  /** How long a claimed background job is left to its server without a heartbeat. */
  jobLeaseMs?: number;
};

/**
 * Background work of every server: unpaid gateway orders lapse and give their stock back, any
 * invoice a crash left without its number is numbered (one numbering at a time across servers), stock
 * that came back sends its "Notify me" alerts, and the outbox is delivered, and staff's background jobs run (one at a time per server; old ones are
 * deleted with the sweep). Safe on many instances at once (all claim rows with SKIP LOCKED).
 * Returns a function that stops it.
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
    }
    try {
      // An invoice whose confirming request ended between its commit and its numbering (a crash).
      await numberInvoices(deps.db);
    } catch (err) {
      log.error({ err }, "job: numbering invoices failed");
    }
    try {
      // Stock that came back any way at all: its "Notify me" alerts are sent.
      await sendStockAlerts(deps);
    } catch (err) {
      log.error({ err }, "job: sending back-in-stock alerts failed");
    }
    try {
      await deleteOldJobs(deps.db, deps.now());
    } catch (err) {
      log.error({ err }, "job: deleting old background jobs failed");
    } finally {
      running = false;
    }
  }, SWEEP_INTERVAL_MS);
  timer.unref();

  // At start: invoices a server that crashed left without their numbers are numbered now.
  void numberInvoices(deps.db).catch((err) => log.error({ err }, "job: numbering invoices failed"));
  if (opts.outboxLeaseMs) setOutboxLease(deps.db, opts.outboxLeaseMs);
  // At start: what a server that stopped (or crashed) left unsent goes out now.
  void nudgeOutbox(deps);
  const outboxTimer = setInterval(() => void nudgeOutbox(deps), opts.outboxIntervalMs ?? OUTBOX_INTERVAL_MS);
  outboxTimer.unref();

  if (opts.jobLeaseMs) setJobLease(deps.db, opts.jobLeaseMs);
  // At start: a job a stopped server was running is taken up once its lease has run out.
  void nudgeJobs(deps);
  const jobsTimer = setInterval(() => void nudgeJobs(deps), JOBS_INTERVAL_MS);
  jobsTimer.unref();
  return () => {
    clearInterval(timer);
    clearInterval(outboxTimer);
    clearInterval(jobsTimer);
  };
}
