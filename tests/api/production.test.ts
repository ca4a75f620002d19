/**
 * What a production start refuses and what a caller cannot steer: the first admin comes from
 * ADMIN_* (never the published demo password), the sandbox gateway's page says it is a test, and
 * the addresses handed to a gateway never come from a Host header the shop does not know.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config";
import { sandboxPayments, users } from "../../src/server/db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER, ensureInitialAccounts } from "../../src/server/seed/accounts";
import { ADDRESS, payAtSandbox } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";

const PRODUCTION = {
  NODE_ENV: "production",
  SESSION_SECRET: "p".repeat(40),
  PUBLIC_URL: "https://pathagar.com.bd",
  PAYMENT_PROVIDER: "sslcommerz",
  SSLCOMMERZ_STORE_ID: "shop01",
  SSLCOMMERZ_STORE_PASSWORD: "shop01@ssl",
  LOG_LEVEL: "silent",
};

describe("the first start in production", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const userCount = async () => (await h.db.select({ n: count() }).from(users))[0]!.n;

  it("stops, saying what to set, when there is no admin and no ADMIN_* (and creates nobody)", async () => {
    const ctx = { ...h.ctx(), config: loadConfig(PRODUCTION) };
    const err = await ensureInitialAccounts(ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain("set ADMIN_PHONE and ADMIN_PASSWORD");
    expect(await userCount()).toBe(0);
  });

  it("creates the admin from ADMIN_* and neither demo account", async () => {
    const config = loadConfig({
      ...PRODUCTION,
      ADMIN_PHONE: "01711111111",
      ADMIN_PASSWORD: "a-long-password",
    });
    await ensureInitialAccounts({ ...h.ctx(), config });
    const rows = await h.db.select({ phone: users.phone, role: users.role }).from(users);
    expect(rows).toEqual([{ phone: "01711111111", role: "admin" }]);
    const demo = await h.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_CUSTOMER.phone));
    expect(demo).toEqual([]);
    const signIn = await h.signIn(DEMO_ADMIN.phone, DEMO_ADMIN.password);
    expect(signIn.status).not.toBe(200);
  });
});

describe("the sandbox gateway and the Host header", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  async function placeOnline(url: string) {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 30000, stock: 5 });
    const added = await h.request("POST", "/api/cart", {
      body: { bookId: book.id, quantity: 1, source: "test", type: "book" },
      cookie: u.cookie,
    });
    expect(added.status, added.text).toBe(201);
    const res = await h.request<{ tranx: string; redirectUrl?: string }>("POST", url, {
      body: { ...ADDRESS, phone: u.phone, paymentMethod: "gateway" },
      cookie: u.cookie,
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data!;
  }

  it("says loudly on its page that it is a test and no money moves", async () => {
    const placed = await placeOnline("/api/checkout");
    const page = await h.request("GET", `/sandbox-gateway/${placed.tranx}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("TEST PAYMENT — NOT A REAL GATEWAY");
    expect(page.text).toContain("role=alert");
    expect(page.text).toContain("<title>TEST payment (sandbox)</title>");
    await payAtSandbox(h, placed.tranx);
  });

  it("hands the gateway the shop's own addresses, not those of a Host header it does not know", async () => {
    const placed = await placeOnline("http://evil.test/api/checkout");
    expect(placed.redirectUrl).toMatch(/^http:\/\/localhost:3000\/sandbox-gateway\//);
    const [row] = await h.db.select().from(sandboxPayments).where(eq(sandboxPayments.tranx, placed.tranx));
    for (const u of Object.values(row!.urls)) expect(u).toMatch(/^http:\/\/localhost:3000\/api\/payment\//);
  });

  it("uses an allowed host as the buyer reached it", async () => {
    const placed = await placeOnline("http://127.0.0.1:3100/api/checkout");
    expect(placed.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:3100\/sandbox-gateway\//);
  });
});
