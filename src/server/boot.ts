import { join } from "node:path";
import type { Config } from "./config";
import { connectPostgres, type Database, openPglite } from "./db/client";
import { ensureInitialAccounts } from "./db/seed/accounts";
import { createOutboxSms } from "./integrations/sms/outbox";
import type { Logger } from "./logger";
import { type AppDeps, contextFor } from "./services/context";

/** config -> database -> migrations -> first accounts. */
export async function bootServices(
  config: Config,
  log: Logger,
): Promise<{ deps: AppDeps; database: Database }> {
  const database = config.DATABASE_URL
    ? connectPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
    : await openPglite(join(config.DATA_DIR, "db"));
  await database.migrate();
  const deps: AppDeps = {
    db: database.db,
    config,
    log,
    sms: createOutboxSms(database.db, log),
    now: () => new Date(),
  };
  await ensureInitialAccounts(contextFor(deps, { user: null, ip: "startup" }));
  return { deps, database };
}
