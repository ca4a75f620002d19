/**
 * Invoices name the shop as configured (legal name, address, phone, trade licence, BIN) and, when
 * the shop is VAT-registered, carry Mushak-6.3's VAT per line and in total, exact to the poisha,
 * frozen at issue; a shop without them issues invoices as before.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceView } from "../../src/contracts/invoice";
import { ConfigError, loadConfig } from "../../src/server/config";
import { invoices } from "../../src/server/db/schema";
import { checkout } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";

const SHOP = {
  SHOP_LEGAL_NAME: "Pathagar Books Limited",
  SHOP_ADDRESS: "House 12, Road 5, Dhanmondi, Dhaka 1205",
  SHOP_PHONE: "09612-345678",
  SHOP_TRADE_LICENCE: "TRAD/DNCC/012345/2026",
  SHOP_BIN: "000123456-0101",
};

const SHOP_FIELDS_AS_SHOWN = {
  legalName: SHOP.SHOP_LEGAL_NAME,
  address: SHOP.SHOP_ADDRESS,
  phone: SHOP.SHOP_PHONE,
  tradeLicence: SHOP.SHOP_TRADE_LICENCE,
  bin: SHOP.SHOP_BIN,
};

let vatShop: Harness;
let plainShop: Harness;

beforeAll(async () => {
  vatShop = await createHarness({ env: { ...SHOP, VAT_REGISTERED: "true", VAT_RATE: "15" } });
  plainShop = await createHarness();
}, 60_000);

afterAll(async () => {
  await vatShop?.close();
  await plainShop?.close();
});

async function invoiceOf(
  h: Harness,
  items: { price: number; kind: "book" | "stationary"; quantity: number }[],
) {
  const u = await h.createUser();
  const made = [];
  for (const i of items)
    made.push({
      productId: (await createProduct(h.db, { kind: i.kind, price: i.price, stock: 20 })).id,
      quantity: i.quantity,
      type: i.kind,
    });
  const placed = await checkout(h, u, { items: made, paymentMethod: "cod" });
  const [row] = await h.db.select().from(invoices).where(eq(invoices.orderId, placed.orderId));
  const res = await h.request<InvoiceView>("GET", `/api/invoices/${row!.id}`, { cookie: u.cookie });
  expect(res.status, res.text).toBe(200);
  return res.body.data!.snapshot;
}

describe("a VAT-registered shop's invoice (Mushak-6.3)", () => {
  it("names the shop's legal fields and gives each line its VAT, exempt books none, to the poisha", async () => {
    const s = await invoiceOf(vatShop, [
      { kind: "book", price: 45_000, quantity: 1 },
      { kind: "stationary", price: 25_000, quantity: 1 },
      { kind: "stationary", price: 11_500, quantity: 2 },
    ]);
    expect(s.shop).toMatchObject({
      legalName: "Pathagar Books Limited",
      address: "House 12, Road 5, Dhanmondi, Dhaka 1205",
      phone: "09612-345678",
      tradeLicence: "TRAD/DNCC/012345/2026",
      bin: "000123456-0101",
    });
    const byPrice = new Map(s.lines.map((l) => [l.unitPrice, l]));
    // A printed book is exempt.
    expect(byPrice.get(45_000)).toMatchObject({ vatRate: 0, vat: 0 });
    // 250.00 including 15%: 32.6086… → 32.61.
    expect(byPrice.get(25_000)).toMatchObject({ vatRate: 1500, vat: 3_261 });
    // 2 × 115.00 = 230.00 including 15%: 30.00 exactly.
    expect(byPrice.get(11_500)).toMatchObject({ vatRate: 1500, vat: 3_000 });
    expect(s.vat).toEqual({ total: 6_261 });
    // The total paid is what it was: VAT is inside the prices.
    expect(s.total).toBe(45_000 + 25_000 + 23_000 + s.delivery);
  });
});

describe("packing slips", () => {
  it("name the shop as its invoices do", async () => {
    const admin = await vatShop.createUser({ role: "admin" });
    const u = await vatShop.createUser();
    const book = await createProduct(vatShop.db, { stock: 5 });
    const placed = await checkout(vatShop, u, { items: [{ productId: book.id }], paymentMethod: "cod" });
    const res = await vatShop.request<{ shopDetails: Record<string, string> }>(
      "POST",
      "/api/admin/orders/slips",
      {
        cookie: admin.cookie,
        body: { ids: [placed.orderId] },
      },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data!.shopDetails).toMatchObject({ ...SHOP_FIELDS_AS_SHOWN });
  });
});

describe("a shop that configured none of it", () => {
  it("issues invoices without legal fields or VAT", async () => {
    const s = await invoiceOf(plainShop, [{ kind: "stationary", price: 25_000, quantity: 1 }]);
    expect(s.shop.name).toBe("Pathagar");
    expect(Object.keys(s.shop).sort()).toEqual(["name", "url"]);
    expect(s.vat).toBeUndefined();
    expect(s.lines[0]).not.toHaveProperty("vat");
  });
});

describe("the configuration", () => {
  it("refuses VAT registration without a BIN, a bad BIN, rate or kind", () => {
    expect(() => loadConfig({ VAT_REGISTERED: "true" })).toThrow(ConfigError);
    expect(() => loadConfig({ VAT_REGISTERED: "true" })).toThrow(/SHOP_BIN: required when VAT_REGISTERED/);
    expect(() => loadConfig({ SHOP_BIN: "12345" })).toThrow(/SHOP_BIN/);
    expect(() => loadConfig({ VAT_RATE: "15.555" })).toThrow(/VAT_RATE/);
    expect(() => loadConfig({ VAT_EXEMPT_KINDS: "book,magazine" })).toThrow(/VAT_EXEMPT_KINDS/);
    const c = loadConfig({
      VAT_REGISTERED: "true",
      SHOP_BIN: "000123456-0101",
      VAT_RATE: "7.5",
      VAT_EXEMPT_KINDS: "book, stationary",
    });
    expect(c.VAT_RATE).toBe(750);
    expect(c.VAT_EXEMPT_KINDS).toEqual(["book", "stationary"]);
    expect(loadConfig({}).VAT_EXEMPT_KINDS).toEqual(["book", "ebook"]);
    expect(loadConfig({}).VAT_RATE).toBe(1500);
  });
});
