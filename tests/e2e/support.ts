import { tmpdir } from "node:os";
import { join } from "node:path";

/** Shared by playwright.config.ts, prepare.ts and the specs (no Playwright imports here). */
/** The e2e server's port; E2E_PORT moves it when two runs share a machine. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** A throwaway data directory, removed and rebuilt before every run. */
export const DATA_DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), "pathagar-e2e");

/** Signed-in browser states written by prepare.ts (sessions made straight in the database). */
export const AUTH_DIR = join(DATA_DIR, "e2e-auth");
export const ADMIN_STATE = join(AUTH_DIR, "admin.json");
export const CUSTOMER_STATE = join(AUTH_DIR, "customer.json");
export const STAFF_BOOKS_STATE = join(AUTH_DIR, "staff-books.json");
export const STAFF_ORDERS_STATE = join(AUTH_DIR, "staff-orders.json");

/**
 * Where screenshots for a person to look at go (never committed); none are taken without it:
 * encoding 200 full-page pictures costs a run about a minute of CPU.
 */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR || null;

export const SHOP_NAME = "Pathagar";

/** The shop's legal fields the e2e server is configured with: every invoice names them. */
export const E2E_SHOP = {
  SHOP_LEGAL_NAME: "Pathagar Books Limited",
  SHOP_ADDRESS: "House 12, Road 5, Dhanmondi, Dhaka 1205",
  SHOP_PHONE: "09612-345678",
  SHOP_TRADE_LICENCE: "TRAD/DNCC/012345/2026",
  SHOP_BIN: "000123456-0101",
} as const;

/** The demo accounts of src/server/seed/accounts.ts and the one prepare.ts adds. */
export const ADMIN = { phone: "01700000000", password: "admin1234", firstName: "Demo" };
export const CUSTOMER = { phone: "01800000000", password: "customer1234", firstName: "Demo" };
export const INCOMPLETE = { phone: "01911111111", password: "profile123", name: "Incomplete Profile" };
/** Staff that prepare.ts adds: one without the orders and invoices permissions, one with them. */
export const STAFF_BOOKS = {
  phone: "01922222222",
  password: "staff1234",
  name: "Books Staff",
  permissions: ["books", "reports", "users"],
} as const;
export const STAFF_ORDERS = {
  phone: "01933333333",
  password: "staff1234",
  name: "Orders Staff",
  permissions: ["orders", "invoices"],
} as const;

/** The fakes the e2e server talks to (tests/e2e/fakes.ts): Google's keys over HTTP, and a mail server. */
export const FAKES_PORT = Number(process.env.E2E_FAKES_PORT ?? E2E_PORT + 1000);
export const FAKES_URL = `http://127.0.0.1:${FAKES_PORT}`;
export const FAKE_SMTP_PORT = FAKES_PORT + 1;
export const E2E_GOOGLE_CLIENT_ID = "e2e-client.apps.googleusercontent.com";

/** The third-party tags the e2e server has configured (decision 56). */
export const E2E_TAGS = { gtm: "GTM-E2ETEST", clarity: "e2eclarity1", metaPixel: "123456789012" } as const;

/** The hosts those tags load from: a test never lets a request reach them. */
export const TAG_HOSTS =
  /^https:\/\/(?:www\.googletagmanager\.com|[\w.-]*clarity\.ms|connect\.facebook\.net|www\.facebook\.com|[\w.-]*google-analytics\.com|c\.bing\.com)\//;
