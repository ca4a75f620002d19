import { readFileSync } from "node:fs";
import {
  bookWithStock,
  buyOnline,
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  MOBILE,
  placeOrder,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";
import { ADMIN_STATE } from "./support";

/**
 * A customer orders a book cash on delivery (a sale at once, in Sylhet); staff see it in the
 * sales report's figures, tables and CSV, export a long range as a background job, and open the
 * stationery report.
 */
test.describe("reports in the back office", () => {
  test.use({ storageState: ADMIN_STATE });

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const { phone } = await signUpNewCustomer(page, "Report Shopper");
    // Not the book the sales spec counts (it compares two reads of that book's sales).
    const counted = await bookWithStock(page, 3);
    const book = await bookWithStock(page, 2, [counted.id]);
    await placeOrder(
      page,
      { name: "Report Shopper", phone, district: "Sylhet", area: "Zindabazar", address: "House 3, Road 4" },
      [{ id: book.id, source: "e2e-report" }],
    );
    // Through a link that named its channel, and an e-book (no parcel, so no district).
    await placeOrder(
      page,
      { name: "Report Shopper", phone, district: "Sylhet", area: "Zindabazar", address: "House 3, Road 4" },
      [{ id: book.id, source: "facebook" }],
    );
    const list = await page.request.get("/api/ebooks?limit=1");
    const [ebook] = ((await list.json()) as { data: { items: { id: number }[] } }).data.items;
    await buyOnline(page, phone, [{ id: ebook!.id, type: "ebook" }]);
    await context.close();
  });

  for (const [label, viewport] of [
    ["360 px", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`the sales report shows the sale in its figures, chart and tables at ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/admin/report?preset=last7");
      await waitForApp(page);
      await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
      await expect(page.locator("dt", { hasText: /^Net sales$/ }).locator("..")).toContainText(/৳[1-9]/);
      await expect(page.getByRole("img", { name: /^Net sales per day/ }).locator("canvas")).toBeVisible();
      const district = page.getByRole("table", { name: "Sales by district" });
      await expect(district.getByRole("row", { name: /Sylhet/ })).toBeVisible();
      const source = page.getByRole("table", { name: "Sales by source" });
      await expect(source.getByRole("row", { name: /e2e-report/ })).toBeVisible();
      // Sources in words; the orders without a parcel are "No delivery", not a row without a name.
      await expect(source.getByRole("row", { name: /^Facebook / })).toBeVisible();
      await expect(source.getByRole("row", { name: /^facebook / })).toHaveCount(0);
      await expect(district.getByRole("row", { name: /^No delivery / })).toBeVisible();
      // No row begins with an empty cell.
      await expect(district.locator("tbody tr td:first-child").filter({ hasText: /^\s*$/ })).toHaveCount(0);
      await expectNoHorizontalOverflow(page);
      await shot(page, `admin-report-${label.replace(" ", "")}`);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("a table downloads as CSV, and a long range is exported by a background job", async ({ page }) => {
    await page.goto("/admin/report?preset=last7");
    await waitForApp(page);
    const section = page.locator("section", {
      has: page.getByRole("heading", { name: "Sales by district" }),
    });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    const text = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^District,/);
    expect(
      lines.some((l) => /^"?Sylhet"?,/.test(l)),
      text,
    ).toBe(true);

    // A whole year is more than 90 days: the orders' CSV is made in the background.
    await page.goto("/admin/report?from=2026-01-01&to=2026-12-31");
    await waitForApp(page);
    await page.getByRole("button", { name: "Export as CSV (in the background)" }).click();
    const link = page.getByRole("link", { name: /^Download .+\.csv$/ });
    await expect(link).toBeVisible({ timeout: 20_000 });
    const [job] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const rows = readFileSync((await job.path())!, "utf8")
      .trim()
      .split(/\r?\n/);
    expect(rows.length).toBeGreaterThan(1);
    expect(
      rows.some((r) => r.includes("Sylhet")),
      rows.slice(0, 3).join("\n"),
    ).toBe(true);
  });

  test("a bad range says why and shows the last 30 days", async ({ page }) => {
    await page.goto("/admin/report?from=2031-01-10&to=2030-01-01");
    await expect(page.getByRole("alert")).toContainText("last 30 days instead");
  });

  test("the stationery report shows stock value and low stock at 360 px", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/admin/report/shop");
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "Stationery report" })).toBeVisible();
    await expect(page.locator("dt", { hasText: /^Stock value$/ }).locator("..")).toContainText("৳");
    await expect(page.getByRole("heading", { name: /^Low stock/ })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-report-shop-360px");
    await expectNoSeriousA11yViolations(page);
  });
});
