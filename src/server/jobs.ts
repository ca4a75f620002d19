import { claimPeriodicRound } from "./db/claim";
import type { Logger } from "./logger";
import { sendCartReminders } from "./services/cart/cart-reminders";
import { fillWaitingLines } from "./services/catalog/preorders";
import { RELATED_EVERY_MS, refreshRelatedProducts } from "./services/catalog/related";
import { refreshSearchTiers, SEARCH_TIERS_EVERY_MS } from "./services/catalog/search-tiers";
import { sendStockAlerts } from "./services/catalog/stock-alerts";
import { sendWishlistAlerts } from "./services/catalog/wishlist-alerts";
import type { AppDeps } from "./services/context";
import { settlePendingRefunds } from "./services/money/gateway-refunds";
import { numberInvoices } from "./services/money/invoices";
import { expireUnpaidOrders } from "./services/orders/orders";
import { deleteOldJobs, nudgeJobs, setJobLease } from "./services/platform/jobs";
import { nudgeOutbox, setOutboxLease } from "./services/platform/outbox";

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

/** The name of the once-a-minute sweep in `periodic_runs`. */
export const SWEEP_NAME = "sweep";
/** The name of the search tiers' refresh in `periodic_runs`. */
export const SEARCH_TIERS_NAME = "search-tiers";
/** The name of the related products' refresh in `periodic_runs`. */
export const RELATED_NAME = "related-products";

/**
 * One round of the sweep, run by one server for all (decision 39): the first server to ask in a
 * minute claims the round and runs it; the others answer false and do nothing. Unpaid gateway
 * orders lapse and give their stock back, any invoice a crash left without its number is numbered
 * (one numbering at a time across servers), pre-orders and back-orders are filled from stock
 * (services/catalog/preorders.ts), stock that came back sends its "Notify me" alerts, refunds a gateway is still working on are
 * asked about, and
 * old background jobs are deleted, every ten minutes the search's tiers follow the sold counts, and
 * every hour every product's related products are worked out again. Each part's failure is logged; the next part still runs.
 */
export async function sweepOnce(deps: AppDeps, log: Logger, everyMs = SWEEP_INTERVAL_MS): Promise<boolean> {
  try {
    if (!(await claimPeriodicRound(deps.db, SWEEP_NAME, everyMs))) return false;
  } catch (err) {
    log.error({ err }, "job: claiming the sweep failed");
    return false;
  }
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
    // Pre-orders whose release day has come, and waiting lines that stock given back (or an order
    // paid since) now covers: filled from stock, oldest order first, before anyone is told it is back.
    await fillWaitingLines(deps);
  } catch (err) {
    log.error({ err }, "job: filling pre-orders and back-orders failed");
  }
  try {
    // Stock that came back any way at all: its "Notify me" alerts are sent.
    await sendStockAlerts(deps);
  } catch (err) {
    log.error({ err }, "job: sending back-in-stock alerts failed");
  }
  try {
    // Saved items back in stock or cheaper, however that came about: their wishlist texts.
    await sendWishlistAlerts(deps);
  } catch (err) {
    log.error({ err }, "job: sending wishlist alerts failed");
  }
  try {
    // Carts left with items for a day: one SMS each to the customers who asked for it.
    await sendCartReminders(deps);
  } catch (err) {
    log.error({ err }, "job: sending forgotten-cart reminders failed");
  }
  try {
    // Refunds through a gateway still pending: the gateway is asked until they settle.
    await settlePendingRefunds(deps);
  } catch (err) {
    log.error({ err }, "job: settling pending gateway refunds failed");
  }
  try {
    await deleteOldJobs(deps.db, deps.now());
  } catch (err) {
    log.error({ err }, "job: deleting old background jobs failed");
  }
  try {
    // Every ten minutes (one server of all): the search's tiers follow the sold counts.
    if (await claimPeriodicRound(deps.db, SEARCH_TIERS_NAME, SEARCH_TIERS_EVERY_MS))
      await refreshSearchTiers(deps.db);
  } catch (err) {
    log.error({ err }, "job: refreshing the search tiers failed");
  }
  try {
    // Every hour (one server of all): the related products follow the sold counts and new books.
    if (await claimPeriodicRound(deps.db, RELATED_NAME, RELATED_EVERY_MS))
      await refreshRelatedProducts(deps.db);
  } catch (err) {
    log.error({ err }, "job: refreshing the related products failed");
  }
  return true;
}

/**
 * Background work of every server: the sweep (once a minute, by one server of all), the outbox
 * delivered and staff's background jobs run (every server looks; rows are claimed with SKIP
 * LOCKED, so each is done once). Returns a function that stops it and resolves once a sweep
 * round under way has ended.
 */
export function startJobs(deps: AppDeps, log: Logger, opts: JobOptions = {}): () => Promise<void> {
  let round: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (round) return;
    round = sweepOnce(deps, log).finally(() => {
      round = null;
    });
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
  return async () => {
    clearInterval(timer);
    clearInterval(outboxTimer);
    clearInterval(jobsTimer);
    await round;
  };
}
