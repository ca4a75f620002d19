/**
 * Every CSV the shop writes, with a formula where a title, a source, a reason or a code can put
 * one: the cell reaches the spreadsheet as text (a leading apostrophe, quoted), never as a formula,
 * and amounts, negative ones too, stay numbers. One writer makes them all (services/platform/csv.ts).
 */
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CouponBatchResult } from "../../src/contracts/admin-coupons";
import type { Job } from "../../src/contracts/jobs";
import { nudgeJobs } from "../../src/server/services/platform/jobs";
import { addCreditNote, createLedgerOrder, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";
import { insertReportOrder } from "./report-orders";

const FORMULA = '=HYPERLINK("http://evil","x")';
/** How the formula is written: quoted, after an apostrophe, its quotes doubled. */
const WRITTEN = `"'=HYPERLINK(""http://evil"",""x"")"`;

let h: Harness;
let admin: TestUser;
let productId: number;

const get = (path: string) => h.request("GET", path, { cookie: admin.cookie });

/** Cells a spreadsheet would run: they begin with a formula character and are not a plain number. */
function runnableCells(csv: string): string[] {
  const rows = parse(csv, { bom: true, relax_column_count: true }) as string[][];
  return rows.flat().filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-\d+(\.\d+)?$/.test(c));
}

/** The file: 200, the formula written as text, and nothing a spreadsheet would run. */
async function csvOf(path: string): Promise<string> {
  const res = await get(path);
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/csv");
  expect(runnableCells(res.text)).toEqual([]);
  return res.text;
}

beforeAll(async () => {
  h = await createHarness();
  admin = await h.createUser({ role: "admin" });
  const buyer = await h.createUser();
  const book = await createProduct(h.db, { title: FORMULA, price: 30_000, stock: 100 });
  productId = book.id;
  // An order of it two days ago, from a source and a district with a formula, credited in full.
  await insertReportOrder(h.db, {
    userId: buyer.user.id,
    createdAt: new Date(h.clock.now().getTime() - 2 * 86_400_000),
    status: "delivered",
    source: FORMULA,
    district: "@Dhaka",
    lines: [{ productId, kind: "book", quantity: 1, unitPrice: 30_000, discount: 0 }],
    credits: [30_000],
  });
  const ledger = await createLedgerOrder(h.db, {
    userId: buyer.user.id,
    paymentMethod: "cod",
    total: 20_000,
    at: new Date("2031-02-10T06:00:00Z"),
  });
  await addCreditNote(h.db, {
    orderId: ledger.order.id,
    invoiceId: ledger.invoice.id,
    amount: 20_000,
    at: new Date("2031-02-11T06:00:00Z"),
    reason: `\t${FORMULA}`,
  });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe("a formula in every CSV the shop writes", () => {
  it("books export: the title is text", async () => {
    const csv = await csvOf("/api/admin/books/export.csv");
    expect(csv).toContain(WRITTEN);
  });

  it("books import template: nothing to run", async () => {
    await csvOf("/api/admin/books/import-template.csv");
  });

  it("a product's sales: the title is text", async () => {
    expect(await csvOf(`/api/admin/products/${productId}/sales.csv`)).toContain(WRITTEN);
  });

  it.each(["products", "source", "orders", "district"])(
    "the sales report's %s table: text stays text, amounts stay numbers",
    async (table) => {
      const csv = await csvOf(`/api/admin/reports/sales.csv?table=${table}`);
      if (table !== "district") expect(csv).toContain(WRITTEN);
      else expect(csv).toContain(`"'@Dhaka"`);
      // Sales, credited and net, bare.
      if (table !== "products") expect(csv).toMatch(/,300\.00,300\.00,0\.00\r\n/);
    },
  );

  it("the sales report made by a background job: the same", async () => {
    const started = await h.request<Job>("POST", "/api/admin/jobs", {
      body: { kind: "sales-csv", params: { table: "orders" } },
      cookie: admin.cookie,
    });
    expect(started.status, started.text).toBe(201);
    await nudgeJobs(h.deps);
    const csv = await csvOf(`/api/admin/jobs/${started.body.data!.id}/download`);
    expect(csv).toContain(WRITTEN);
  });

  it("orders by source: the source is text", async () => {
    expect(await csvOf("/api/admin/orders/sources.csv")).toContain(WRITTEN);
  });

  it("the accounts statement: a reason starting with a tab is text; amounts are numbers", async () => {
    const csv = await csvOf("/api/admin/apar/2031-02/lines.csv");
    expect(csv).toContain(`"'\t=HYPERLINK(""http://evil"",""x"")"`);
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    const credited = rows.find((r) => r.section === "credited")!;
    expect([credited.amount_poisha, credited.amount_taka]).toEqual(["20000", "200.00"]);
  });

  it("a batch of coupon codes: a code starting with - is text", async () => {
    const made = await h.request<CouponBatchResult>("POST", "/api/admin/coupons/bulk", {
      body: { prefix: "-", length: 8, quantity: 3, kind: "percent", value: 10 },
      cookie: admin.cookie,
    });
    expect(made.status, made.text).toBe(201);
    const csv = await csvOf(made.body.data!.batch.csv);
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => /^'-[A-Z0-9]{8}$/.test(r.Code!) && r.Uses === "0")).toBe(true);
  });
});
