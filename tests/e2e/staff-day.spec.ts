import { readFileSync } from "node:fs";
import type { Download, Page } from "@playwright/test";
import {
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  MOBILE,
  placeOrder,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";
import { ADMIN_STATE } from "./support";

/**
 * A staff member's day, through the back office as a person uses it. A buyer has ordered a
 * stationery item three times, cash on delivery. Staff find the orders by the buyer's phone,
 * confirm one by phone, pack it and book it with the courier (the stand-in Steadfast the e2e
 * server is connected to), book the other two from the list, print the day's packing slips, mark
 * all three delivered in one go as the courier's return sheet comes back, refund part of one and
 * see its credit note, then see the month's statement and the sales report's CSV move by exactly
 * that refund; and at the end of the day generate 100 coupon codes and download them.
 *
 * Other specs place orders on other workers at the same time: this one has its own buyer, buys
 * stationery (which no other spec buys) from its own source, and compares figures as differences
 * between two reads it knows to be consistent.
 */

const SOURCE = "e2e-staff-day";
const REFUND = 1_234; // poisha: ৳12.34, not a whole taka, so a rounding slip would show
const SEARCH = "Search order number, phone, name, invoice or consignment";

/** Poisha from a figure as the pages write it ("−৳1,234.50", "৳12"). */
function poisha(text: string): number {
  return Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
}

async function downloadedText(download: Download): Promise<string> {
  return readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
}

/** A CSV line split on commas, quotes removed (no cell these tests read holds a comma). */
const cells = (line: string) => line.split(",").map((c) => c.replace(/^"|"$/g, ""));

type StatementRow = { section: string; document: string; order: string; amount: number };
type Statement = { credited: number; refundsPaid: number; rows: StatementRow[] };

/** The figure of the month's statement on its line, as the page shows it, in poisha. */
async function figure(page: Page, label: RegExp): Promise<number> {
  const line = page
    .getByRole("region", { name: /^The month/ })
    .getByRole("listitem")
    .filter({ hasText: label });
  return poisha((await line.locator("span.tabular-nums").last().textContent()) ?? "");
}

/**
 * The statement of the month as staff read it: the credit notes and refunds paid figures, and the
 * CSV's lines. Read again until the page shows the same figures before and after the download
 * (another worker's refund may land in between), and each figure is the sum of its CSV lines.
 */
async function readStatement(page: Page): Promise<Statement> {
  for (let attempt = 1; ; attempt++) {
    await page.reload();
    await waitForApp(page);
    const credited = await figure(page, /^Credit notes/);
    const refundsPaid = await figure(page, /^Refunds paid/);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    const lines = (await downloadedText(download)).trim().split("\r\n");
    expect(lines[0]).toBe("section,date,document,order,invoice,detail,amount_poisha,amount_taka");
    const rows = lines.slice(1).map((l) => {
      const c = cells(l);
      return { section: c[0]!, document: c[2]!, order: c[3]!, amount: Number(c.at(-2)) };
    });
    const sum = (section: string) =>
      rows.filter((r) => r.section === section).reduce((s, r) => s + r.amount, 0);
    await page.reload();
    await waitForApp(page);
    const still =
      (await figure(page, /^Credit notes/)) === credited &&
      (await figure(page, /^Refunds paid/)) === refundsPaid;
    if (still) {
      expect(sum("credited"), "the credit notes figure is the sum of its lines").toBe(credited);
      expect(sum("refundsPaid"), "the refunds paid figure is the sum of its lines").toBe(refundsPaid);
      return { credited, refundsPaid, rows };
    }
    expect(attempt, "the statement kept changing while it was read").toBeLessThan(4);
  }
}

type SourceRow = { orders: number; units: number; sales: number; credited: number; net: number };

/** This spec's row of the sales report's "Sales by source" table, from its CSV download. */
async function readSourceRow(page: Page): Promise<SourceRow> {
  await page.goto("/admin/report?preset=last7");
  await waitForApp(page);
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Sales by source" }) });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const lines = (await downloadedText(download)).trim().split(/\r?\n/);
  expect(lines[0]).toBe("Source,Orders,Units,Sales (taka),Credited (taka),Net (taka)");
  const mine = lines.map(cells).find((c) => c[0] === SOURCE);
  expect(mine, lines.join("\n")).toBeDefined();
  const [, orders, units, sales, credited, net] = mine!;
  return {
    orders: Number(orders),
    units: Number(units),
    sales: poisha(sales!),
    credited: poisha(credited!),
    net: poisha(net!),
  };
}

test.describe("a staff member's day", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ storageState: ADMIN_STATE });

  const buyer = { name: "Staff Day Buyer", phone: "" };
  const orders: { orderId: number; orderNumber: string }[] = [];
  // The order confirmed by phone, booked on its page, and later refunded in part.
  const first = () => orders[0]!;
  let statementUrl = "";
  let before: { statement: Statement; source: SourceRow };
  let creditNote = "";

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    buyer.phone = (await signUpNewCustomer(page, buyer.name)).phone;
    const list = await page.request.get("/api/stationery?inStock=true&limit=40");
    const items = ((await list.json()) as { data: { items: { id: number }[] } }).data.items;
    let itemId = 0;
    for (const { id } of items) {
      const res = await page.request.get(`/api/stationery/${id}`);
      const item = (
        (await res.json()) as { data: { stock: number; price: number; salePrice: number | null } }
      ).data;
      // Three in stock, and worth more than the refund (the report credits at most an order's sales).
      if (item.stock >= 3 && (item.salePrice ?? item.price) > 2 * REFUND) {
        itemId = id;
        break;
      }
    }
    expect(itemId, "a stationery item with 3 in stock").toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      orders.push(
        await placeOrder(page, { ...buyer, area: "Dhanmondi", address: `House ${i + 1}, Road 27` }, [
          { id: itemId, type: "stationary", source: SOURCE },
        ]),
      );
    }
    await context.close();
  });

  test("find the buyer's orders by phone, confirm one by phone, pack it and book the courier", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/admin/orders");
    await waitForApp(page);
    // The buyer calls and reads out the phone number; staff type it.
    await page.getByLabel(SEARCH).click();
    await page.keyboard.type(buyer.phone);
    await expect(page).toHaveURL(new RegExp(`q=${buyer.phone}`));
    const list = page.getByRole("region", { name: "Orders" });
    await expect(list.getByRole("checkbox", { name: /^Select order / })).toHaveCount(3);
    for (const o of orders) await expect(list.getByRole("link", { name: `#${o.orderNumber}` })).toBeVisible();
    await expect(list.getByRole("cell", { name: "Not called" })).toHaveCount(3);
    await shot(page, "staff-day-orders-by-phone-desktop");
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "staff-day-orders-by-phone-360");
    await page.setViewportSize(DESKTOP);

    await list.getByRole("link", { name: `#${first().orderNumber}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${first().orderNumber}` })).toBeVisible();
    await waitForApp(page);
    await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
    await expect(page.getByTestId("cod-check")).toContainText("Not checked by phone yet");

    // The buyer answers and confirms the order.
    await page.getByRole("button", { name: "Phone confirmed" }).click();
    await expect(page.getByTestId("cod-check")).toContainText("Phone confirmed");

    // Confirmed by phone: packing asks nothing more.
    await page.getByRole("button", { name: "Being packed" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("Being packed");

    // The button names the courier preselected: Dhaka has none of its own, so the shop's default
    // (the e2e server's fake Steadfast).
    await page.getByRole("button", { name: "Book with Steadfast" }).click();
    await expect(page.getByTestId("consignment")).toHaveText(/^[0-9A-F]{8}$/);
    await expect(page.getByTestId("order-status")).toHaveText("Shipped");
    const parcel = page.getByRole("region", { name: "Parcel" });
    await expect(parcel).toContainText("(Steadfast)");
    await expect(parcel.getByRole("button", { name: "Ask the courier now" })).toBeVisible();
    await expect(page.getByRole("region", { name: "History" })).toContainText(/Steadfast: in_review/i);
    await shot(page, "staff-day-order-booked-desktop");
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "staff-day-order-booked-360");
  });

  test("book the other two from the list, with a result per order, and print the day's slips", async ({
    page,
    context,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/admin/orders?q=${buyer.phone}`);
    await waitForApp(page);
    const list = page.getByRole("region", { name: "Orders" });
    await list.getByRole("checkbox", { name: "Select every row on this page" }).check();
    const bulk = page.getByRole("toolbar", { name: "Bulk actions" });
    await bulk.getByRole("button", { name: "Book courier" }).click();
    const confirm = page.getByRole("dialog", { name: "Book 3 orders with a courier" });
    // Each with its district's courier: Dhaka has none of its own, so the shop's default, Steadfast.
    await expect(confirm.getByLabel("Courier")).toHaveValue("");
    await confirm.getByRole("button", { name: "Book courier" }).click();
    const results = page.getByRole("list", { name: "Result per order" });
    await expect(results.getByRole("listitem")).toHaveCount(3);
    await expect(page.getByRole("dialog").getByText("2 of 3 done")).toBeVisible();
    // The first already has its consignment: refused with the reason, the others booked.
    await expect(results.getByRole("listitem").filter({ hasText: `#${first().orderNumber}` })).toContainText(
      "✗",
    );
    for (const o of orders.slice(1)) {
      await expect(results.getByRole("listitem").filter({ hasText: `#${o.orderNumber}` })).toContainText("✓");
    }
    await shot(page, "staff-day-bulk-courier-desktop", { fullPage: false });
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();
    await expect(list.getByRole("cell", { name: "Shipped", exact: true })).toHaveCount(3);

    // The totals the slips must ask the courier to collect, as the list shows them.
    const headers = await list.getByRole("columnheader").allTextContents();
    const totalColumn = headers.findIndex((h) => h.trim().startsWith("Total"));
    expect(totalColumn).toBeGreaterThan(0);
    const totals = new Map<string, string>();
    for (const o of orders) {
      const row = list
        .getByRole("row")
        .filter({ has: page.getByRole("link", { name: `#${o.orderNumber}` }) });
      const total = (await row.getByRole("cell").nth(totalColumn).textContent())!.trim();
      expect(total).toMatch(/^৳[1-9]/);
      totals.set(o.orderNumber, total);
    }

    // The day's slips: the three still selected, printed in a tab of their own.
    await list.getByRole("checkbox", { name: "Select every row on this page" }).check();
    const [slips] = await Promise.all([
      context.waitForEvent("page"),
      bulk.getByRole("button", { name: "Print slips" }).click(),
    ]);
    await slips.waitForLoadState();
    await expect(slips).toHaveURL(/\/admin\/orders\/print\?ids=/);
    for (const o of orders) {
      const slip = slips.getByRole("article", { name: `Packing slip, order ${o.orderNumber}` });
      await expect(slip.getByRole("img", { name: `Barcode of order ${o.orderNumber}` })).toBeVisible();
      await expect(slip.locator("svg[data-barcode] rect").first()).toBeAttached();
      await expect(slip.getByText(`Cash to collect: ${totals.get(o.orderNumber)}`)).toBeVisible();
      await expect(slip).toContainText(buyer.phone);
    }
    await shot(slips, "staff-day-slips-desktop");
    await slips.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(slips);
    await shot(slips, "staff-day-slips-360");
    await slips.close();
  });

  test("mark the three stationery orders delivered in one go, typed as a scanner does", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/admin/shop-orders/bmd");
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "Mark shop orders delivered" })).toBeVisible();
    // A scanner types each number and Enter.
    await page.getByLabel("Order numbers").click();
    for (const o of orders) {
      await page.keyboard.type(o.orderNumber);
      await page.keyboard.press("Enter");
    }
    await expect(page.getByText("3 typed.")).toBeVisible();
    await page.getByRole("button", { name: "Mark 3 delivered" }).click();
    const results = page.getByRole("list", { name: "Result per order" });
    await expect(results.getByRole("listitem")).toHaveCount(3);
    await expect(page.getByRole("dialog").getByText("3 of 3 done")).toBeVisible();
    for (const o of orders) {
      await expect(results.getByRole("listitem").filter({ hasText: `#${o.orderNumber}` })).toContainText("✓");
    }
    await expectNoHorizontalOverflow(page);
    await shot(page, "staff-day-delivered-360", { fullPage: false });
    await page.setViewportSize(DESKTOP);
    await shot(page, "staff-day-delivered-desktop", { fullPage: false });
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();

    await page.goto(`/admin/orders?q=${buyer.phone}`);
    await waitForApp(page);
    await expect(
      page.getByRole("region", { name: "Orders" }).getByRole("cell", { name: "Delivered", exact: true }),
    ).toHaveCount(3);
  });

  test("refund part of a delivered order and see its credit note", async ({ page }) => {
    // The month's statement and the sales report before the refund.
    await page.setViewportSize(DESKTOP);
    await page.goto("/admin/report/apar-monthly");
    await waitForApp(page);
    await page.getByRole("table").getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: /^Accounts statement: / })).toBeVisible();
    statementUrl = page.url();
    before = { statement: await readStatement(page), source: await readSourceRow(page) };
    expect(before.source.orders).toBeGreaterThanOrEqual(3);

    await page.goto(`/admin/orders/${first().orderId}`);
    await waitForApp(page);
    await expect(page.getByTestId("order-status")).toHaveText("Delivered");
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Amount (taka)").fill("12.34");
    await dialog.getByLabel("Method").selectOption("bkash");
    await dialog.getByLabel("Reason").fill("One pen in the pack was dry");
    await dialog.getByLabel("Reference (the transfer's number)").fill("BKSTAFFDAY1");
    await expect(
      dialog.getByLabel("The money has been sent (otherwise it is recorded as owed)"),
    ).toBeChecked();
    await dialog.getByRole("button", { name: "Record refund" }).click();
    await expect(dialog).toBeHidden();
    const number = page.getByTestId("credit-note-number");
    await expect(number).toHaveText(/^CN-\d{4}-\d{6}$/);
    creditNote = (await number.textContent())!;
    expect(creditNote.slice(3, 7)).toBe(String(new Date().getUTCFullYear()));
    await expect(
      page.getByText(`One pen in the pack was dry · ref BKSTAFFDAY1 · ${creditNote}`),
    ).toBeVisible();
    // A part refund leaves the order delivered.
    await expect(page.getByTestId("order-status")).toHaveText("Delivered");
    await shot(page, "staff-day-refunded-desktop");
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "staff-day-refunded-360");
  });

  test("the month's statement and the report's CSV move by exactly the refund", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(statementUrl);
    const after = await readStatement(page);
    const mine = (s: Statement, section: string) =>
      s.rows.filter((r) => r.section === section && r.order === first().orderNumber);
    const others = (s: Statement, section: string) =>
      s.rows
        .filter((r) => r.section === section && r.order !== first().orderNumber)
        .reduce((t, r) => t + r.amount, 0);

    // The order's new lines: the credit note and the refund paid, each of exactly the refund.
    expect(mine(before.statement, "credited")).toEqual([]);
    expect(mine(after, "credited")).toEqual([
      { section: "credited", document: creditNote, order: first().orderNumber, amount: REFUND },
    ]);
    expect(mine(before.statement, "refundsPaid")).toEqual([]);
    expect(mine(after, "refundsPaid").map((r) => r.amount)).toEqual([REFUND]);
    // The figures moved by the refund and by nothing else but other orders' own lines.
    const credited = after.credited - before.statement.credited;
    const refundsPaid = after.refundsPaid - before.statement.refundsPaid;
    expect(credited - (others(after, "credited") - others(before.statement, "credited"))).toBe(REFUND);
    expect(refundsPaid - (others(after, "refundsPaid") - others(before.statement, "refundsPaid"))).toBe(
      REFUND,
    );
    await page
      .getByRole("region", { name: /^The month/ })
      .getByRole("listitem")
      .filter({ hasText: /^Credit notes/ })
      .getByRole("link")
      .click();
    await expect(page.getByText(creditNote).first()).toBeVisible();
    // Counted as people say it: "1 line", never "1 lines" (on a figure or under its lines).
    await expect(page.getByText(/(^|\D)1 lines/)).toHaveCount(0);
    await shot(page, "staff-day-statement-desktop");
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "staff-day-statement-360");

    // The sales report: the source's orders and sales stand; its credited and net move by the refund.
    const source = await readSourceRow(page);
    expect(source.orders).toBe(before.source.orders);
    expect(source.units).toBe(before.source.units);
    expect(source.sales).toBe(before.source.sales);
    expect(source.credited - before.source.credited).toBe(REFUND);
    expect(before.source.net - source.net).toBe(REFUND);
    await shot(page, "staff-day-report-360");
  });

  test("generate 100 coupon codes and download them", async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(DESKTOP);
    await page.goto("/admin/coupon/bulk");
    await waitForApp(page);
    const prefix = `DAY${Date.now().toString(36).toUpperCase().slice(-5)}-`;
    const form = page.getByRole("form", { name: "Generate codes" });
    await form.getByLabel("How many codes").fill("100");
    await form.getByLabel("Prefix (optional)").fill(prefix);
    await form.getByLabel("Random characters").fill("8");
    await form.getByLabel("Fixed amount").check();
    await form.getByLabel("Amount off (taka)").fill("20");
    await form.getByRole("button", { name: "Generate codes" }).click();
    const made = page.getByRole("region", { name: /100 codes generated/ });
    await expect(made).toBeVisible();
    await shot(page, "staff-day-coupons-desktop");
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "staff-day-coupons-360");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      made.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    const lines = (await downloadedText(download)).trim().split("\r\n");
    expect(lines[0]).toBe("Code,Uses");
    expect(lines).toHaveLength(101);
    const codes = lines.slice(1).map((l) => cells(l)[0]!);
    expect(new Set(codes).size).toBe(100);
    for (const code of codes) expect(code).toMatch(new RegExp(`^${prefix}[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$`));
  });
});
