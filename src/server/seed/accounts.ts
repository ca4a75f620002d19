import { count } from "drizzle-orm";
import { ConfigError } from "../config";
import { users } from "../db/schema";
import { registerUser } from "../services/accounts/users";
import { setCartReminders } from "../services/cart/cart-reminders";
import type { Ctx } from "../services/context";

export const DEMO_ADMIN = { phone: "01700000000", password: "admin1234", name: "Demo Admin" };
export const DEMO_CUSTOMER = { phone: "01800000000", password: "customer1234", name: "Demo Student" };

/**
 * On an empty database: an admin from ADMIN_PHONE/ADMIN_PASSWORD, or (demo only) the documented
 * demo admin and customer. In production without ADMIN_* the start stops and says what to set;
 * elsewhere on a real server the admin gets a random password, printed once, so no deployment
 * ever starts with a known password.
 */
export async function ensureInitialAccounts(ctx: Ctx): Promise<void> {
  const [existing] = await ctx.db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return;
  const { config, log } = ctx;
  if (config.ADMIN_PHONE && config.ADMIN_PASSWORD) {
    const admin = await registerUser(
      ctx,
      { name: "Admin", phone: config.ADMIN_PHONE, password: config.ADMIN_PASSWORD, hsc_batch: "Others" },
      "admin",
    );
    log.info({ phone: admin.phone }, "created the admin account from ADMIN_PHONE");
  } else if (config.production && !config.seedDemo) {
    throw new ConfigError(
      "No admin account: set ADMIN_PHONE and ADMIN_PASSWORD (at least 8 characters) for the first start in production; the admin is created from them on an empty database",
    );
  } else {
    const password = config.seedDemo
      ? DEMO_ADMIN.password
      : (await import("node:crypto")).randomBytes(12).toString("base64url");
    await registerUser(
      ctx,
      { name: DEMO_ADMIN.name, phone: DEMO_ADMIN.phone, password, hsc_batch: "Others" },
      "admin",
    );
    log.warn(`created an admin account: sign in with phone ${DEMO_ADMIN.phone} and password ${password}`);
  }
  if (config.seedDemo) {
    const student = await registerUser(ctx, { ...DEMO_CUSTOMER, hsc_batch: "HSC 2025" });
    // Opted in to the forgotten-cart SMS (decision 75), as `/profile` shows: a cart the demo
    // student leaves is reminded of, in the SMS outbox where a demo's texts go. Not where a
    // production server shows the demo: its texts would go to a real phone network.
    if (!config.production) await setCartReminders({ ...ctx, user: student }, { on: true });
    log.info(`created the demo customer: phone ${DEMO_CUSTOMER.phone}, password ${DEMO_CUSTOMER.password}`);
  }
}
