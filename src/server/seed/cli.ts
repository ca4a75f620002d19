/**
 * `npm run db:seed -- --books 100000`, `npm run db:seed -- --orders 100000`
 *
 * Migrates the database the configuration points at (DATABASE_URL, or PGlite under DATA_DIR),
 * creates the first accounts and, on an empty catalogue, the demo catalogue, then adds the
 * requested number of extra books for load and search tests, and a history of orders (with their
 * invoices, payments, remittances, credit notes and refunds) for the back office's. The demo catalogue is made unless
 * SEED_DEMO=false; accounts as the server makes them (random admin password on a real server).
 * Where the demo is on (the embedded database, or SEED_DEMO=true), the start that makes the
 * catalogue also places the demo's own order history through the services, as `npm start` does.
 */
import { parseArgs } from "node:util";
import { bootServices } from "../boot";
import { loadConfigOrExit } from "../config";
import { claimPeriodicRound } from "../db/claim";
import { RELATED_NAME, SEARCH_TIERS_NAME } from "../jobs";
import { createLogger } from "../logger";
import { refreshRelatedProducts } from "../services/catalog/related";
import { refreshSearchTiers } from "../services/catalog/search-tiers";
import { seedBulkBooks } from "./bulk";
import { seedOrders } from "./orders";

const USAGE = `Usage: npm run db:seed -- [--books N] [--orders N] [--batch N]

  --books N     extra printed books to add after the demo catalogue (default 0)
  --orders N    orders to add over the last 13 months, by 1,000 or more customers made for them,
                with invoices, payments, courier remittances, credit notes and refunds (default 0)
  --batch N     rows per INSERT statement (default 2000, at most 5000)
  --parallel N  batches written at once on a PostgreSQL server (default 2; always 1 on PGlite)

The database is the one the server would use: DATABASE_URL, or the embedded one under DATA_DIR.`;

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ""));
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, got ${JSON.stringify(value)}\n\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      books: { type: "string" },
      orders: { type: "string" },
      batch: { type: "string" },
      parallel: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const books = wholeNumber("books", values.books, 0);
  const orderCount = wholeNumber("orders", values.orders, 0);
  const batchSize = wholeNumber("batch", values.batch, 2000);
  const parallelAsked = wholeNumber("parallel", values.parallel, 0);

  // Accounts follow the server's rule (a known demo password only on the embedded database);
  // the demo catalogue is seeded into an empty database unless SEED_DEMO=false.
  const config = loadConfigOrExit();
  const log = createLogger(config.LOG_LEVEL);
  const started = performance.now();
  const { deps, database } = await bootServices(config, log, { catalog: config.SEED_DEMO ?? true });
  const booted = performance.now();
  // PGlite is one backend: one batch at a time. A server takes a few at once.
  const parallel = database.kind === "pglite" ? 1 : parallelAsked || 2;
  console.log(
    `database ready (${database.kind}): migrations, accounts and demo catalogue in ${((booted - started) / 1000).toFixed(1)} s`,
  );
  try {
    if (books > 0) {
      let last = 0;
      await seedBulkBooks(deps.db, books, {
        batchSize,
        parallel,
        onProgress(done) {
          if (done - last >= 10_000 || done === books) {
            last = done;
            const s = (performance.now() - booted) / 1000;
            console.log(
              `  ${done.toLocaleString("en")} books (${Math.round(done / s).toLocaleString("en")}/s)`,
            );
          }
        },
      });
      const seconds = (performance.now() - booted) / 1000;
      console.log(
        `added ${books.toLocaleString("en")} books in ${seconds.toFixed(1)} s (${Math.round(books / seconds).toLocaleString("en")} books/s)`,
      );
      // The new books' search tiers now, as the job would within ten minutes (decision 58).
      const tiered = performance.now();
      const moved = await refreshSearchTiers(deps.db);
      console.log(
        `search tiers: ${moved.toLocaleString("en")} products placed in ${((performance.now() - tiered) / 1000).toFixed(1)} s`,
      );
      // And their related products, as the job would within the hour (decision 60).
      const relating = performance.now();
      const related = await refreshRelatedProducts(deps.db);
      console.log(
        `related products: ${related.written.toLocaleString("en")} lists written in ${((performance.now() - relating) / 1000).toFixed(1)} s`,
      );
      // Both were this round's work: the servers started next leave them to the next round
      // instead of reading the whole catalogue again in their first minute (on a million books
      // the related products alone are a minute of PostgreSQL).
      await claimPeriodicRound(deps.db, SEARCH_TIERS_NAME, 0);
      await claimPeriodicRound(deps.db, RELATED_NAME, 0);
    }
    if (orderCount > 0) {
      const start = performance.now();
      let last = 0;
      await seedOrders(deps.db, orderCount, {
        batchSize: Math.min(batchSize, 2000),
        parallel,
        shopName: config.SHOP_NAME,
        onProgress(done) {
          if (done - last >= 10_000 || done === orderCount) {
            last = done;
            const s = (performance.now() - start) / 1000;
            console.log(
              `  ${done.toLocaleString("en")} orders (${Math.round(done / s).toLocaleString("en")}/s)`,
            );
          }
        },
      });
      const seconds = (performance.now() - start) / 1000;
      console.log(
        `added ${orderCount.toLocaleString("en")} orders in ${seconds.toFixed(1)} s (${Math.round(orderCount / seconds).toLocaleString("en")} orders/s)`,
      );
    }
  } finally {
    await database.close();
  }
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err) => {
  console.error("seeding failed:", err);
  process.exit(1);
});
