/**
 * Prepares the end-to-end database before the server starts (run by playwright.config.ts's
 * webServer command as `node --import tsx tests/e2e/prepare.ts`, with DATA_DIR set):
 *
 * 1. removes DATA_DIR and opens a fresh embedded database through the app's own bootServices,
 *    which migrates it and creates the demo admin and customer;
 * 2. adds a customer without an HSC batch, for the profile dialog, and two staff members (one
 *    without the orders and invoices permissions, one with them) for the admin guard;
 * 3. starts one session each for the demo admin, customer and both staff and writes them as Playwright
 *    storage states, so tests that are not about signing in skip the sign-in form (and the
 *    per-address sign-in limit, which every test shares on 127.0.0.1);
 * 4. closes the database so the server can open it.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { eq } from "drizzle-orm";
import { bootServices } from "../../src/server/boot";
import { loadConfig } from "../../src/server/config";
import { users } from "../../src/server/db/schema";
import { createLogger } from "../../src/server/logger";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../src/server/seed/accounts";
import { createSession, SESSION_COOKIE } from "../../src/server/services/accounts/sessions";
import { findUserByPhone, registerUser } from "../../src/server/services/accounts/users";
import { contextFor } from "../../src/server/services/context";
import {
  ADMIN_STATE,
  AUTH_DIR,
  BASE_URL,
  CUSTOMER_STATE,
  DATA_DIR,
  INCOMPLETE,
  STAFF_BOOKS,
  STAFF_BOOKS_STATE,
  STAFF_ORDERS,
  STAFF_ORDERS_STATE,
} from "./support";

async function main() {
  const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? DATA_DIR };
  const config = loadConfig(env);
  if (!config.embedded) throw new Error("prepare.ts expects the embedded database (no DATABASE_URL)");
  // Only ever remove the dedicated e2e directory.
  if (!basename(config.DATA_DIR).includes("e2e")) {
    throw new Error(`refusing to remove DATA_DIR ${config.DATA_DIR}: its name must contain "e2e"`);
  }
  rmSync(config.DATA_DIR, { recursive: true, force: true });
  mkdirSync(AUTH_DIR, { recursive: true });

  // The demo seed logs its (documented) passwords at warn; only errors matter here.
  const log = createLogger("error");
  const { deps, database } = await bootServices(config, log);
  try {
    const ctx = contextFor(deps, { user: null, ip: "e2e-prepare" });

    // registerUser requires a batch (it validates like the sign-up form); the column is then
    // cleared as an account made before batches were asked for would have it.
    const incomplete = await registerUser(ctx, {
      name: INCOMPLETE.name,
      phone: INCOMPLETE.phone,
      password: INCOMPLETE.password,
      hsc_batch: "Others",
    });
    await deps.db.update(users).set({ hscBatch: null }).where(eq(users.id, incomplete.id));

    for (const staff of [STAFF_BOOKS, STAFF_ORDERS]) {
      const made = await registerUser(
        ctx,
        { name: staff.name, phone: staff.phone, password: staff.password, hsc_batch: "Others" },
        "staff",
      );
      await deps.db
        .update(users)
        .set({ permissions: [...staff.permissions] })
        .where(eq(users.id, made.id));
    }

    const { hostname } = new URL(BASE_URL);
    for (const [account, file] of [
      [DEMO_ADMIN, ADMIN_STATE],
      [DEMO_CUSTOMER, CUSTOMER_STATE],
      [STAFF_BOOKS, STAFF_BOOKS_STATE],
      [STAFF_ORDERS, STAFF_ORDERS_STATE],
    ] as const) {
      const row = await findUserByPhone(ctx, account.phone);
      if (!row) throw new Error(`account ${account.phone} is missing`);
      const { token, expiresAt } = await createSession(ctx, row.id, "e2e prepare");
      const state = {
        cookies: [
          {
            name: SESSION_COOKIE,
            value: token,
            domain: hostname,
            path: "/",
            expires: Math.floor(expiresAt.getTime() / 1000),
            httpOnly: true,
            secure: false,
            sameSite: "Lax",
          },
        ],
        origins: [],
      };
      writeFileSync(file, JSON.stringify(state, null, 2));
    }
  } finally {
    await database.close();
  }
  console.log(`e2e database ready in ${config.DATA_DIR}`);
}

main().catch((err) => {
  console.error("e2e prepare failed:", err);
  process.exit(1);
});
