import { join } from "node:path";
import { count } from "drizzle-orm";
import type { Config } from "./config";
import { connectPostgres, type Database, openPglite } from "./db/client";
import { products } from "./db/schema";
import { createIntegrations } from "./integrations/deps";
import { createStorage } from "./integrations/storage";
import type { Logger } from "./logger";
import { ensureInitialAccounts } from "./seed/accounts";
import { seedCatalog } from "./seed/catalog";
import { ensureDemoCoupons } from "./seed/coupons";
import { seedDemoOrders } from "./seed/demo-orders";
import { ensureInfoPages } from "./seed/info-pages";
import { seedDemoWishlist } from "./seed/wishlist";
import { backfillSearchNames } from "./services/catalog/admin-authors";
import { type AppDeps, contextFor } from "./services/context";

/**
 * config -> file storage -> database -> migrations -> first accounts -> info pages -> demo
 * catalogue, coupons and (with a catalogue just made) the demo's order history.
 */
export async function bootServices(
  config: Config,
  log: Logger,
  /** Seed the demo catalogue into an empty database even when demo accounts are off (the seed CLI). */
  opts: { catalog?: boolean } = {},
): Promise<{ deps: AppDeps; database: Database }> {
  // First: a bucket that cannot be used stops start-up before the database is touched.
  const storage = await createStorage(config);
  log.info(
    { storage: storage.name, ...(config.S3_BUCKET ? { bucket: config.S3_BUCKET } : {}) },
    "file storage",
  );
  const database = config.DATABASE_URL
    ? connectPostgres(
        config.DATABASE_URL,
        config.DATABASE_POOL_SIZE,
        undefined,
        config.DATABASE_PREPARED_STATEMENTS ?? true,
        config.DATABASE_REPLICA_URL
          ? { urls: config.DATABASE_REPLICA_URL, maxLagSeconds: config.DATABASE_REPLICA_MAX_LAG_SECONDS }
          : null,
      )
    : await openPglite(join(config.DATA_DIR, "db"));
  await database.migrate();
  const backfilled = await backfillSearchNames(database.db, new Date());
  if (backfilled > 0) log.info({ products: backfilled }, "search names written again after a migration");
  const deps: AppDeps = {
    db: database.db,
    replicas: database.replicas,
    config,
    log,
    ...createIntegrations(config, log, database.db),
    storage,
    now: () => new Date(),
  };
  const ctx = contextFor(deps, { user: null, ip: "startup" });
  await ensureInitialAccounts(ctx);
  await ensureInfoPages(ctx);
  let madeCatalog = false;
  if (opts.catalog ?? config.seedDemo) {
    const [existing] = await deps.db.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) === 0) madeCatalog = (await seedCatalog(ctx)).products > 0;
  }
  if (config.seedDemo) {
    await ensureDemoCoupons(ctx);
    // The demo's order history, once, beside the catalogue this start made (decision 51); never
    // in production, even where SEED_DEMO shows a demo catalogue there.
    if (madeCatalog && !config.production) await seedDemoOrders(deps);
    // The demo customer's wishlist, beside that catalogue (decision 69).
    if (madeCatalog) await seedDemoWishlist(deps);
  }
  return { deps, database };
}
