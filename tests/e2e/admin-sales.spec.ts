import { readFileSync } from "node:fs";
import {
  bookWithStock,
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
 * A customer buys a book (cash on delivery: a sale at once); staff see it on the dashboard, on
 * the book's sales page, and in the CSV they download.
 */
test.describe("sales in the back office", () => {
  test.use({ storageState: ADMIN_STATE });

  let book: { id: number; title: string; price: number };

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const { phone } = await signUpNewCustomer(page, "Sales Shopper");
    book = await bookWithStock(page, 3);
    await placeOrder(page, { name: "Sales Shopper", phone }, [{ id: book.id, quantity: 2 }]);
    await context.close();
  });

  for (const [label, viewport] of [
    ["360 px", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`the dashboard shows today's sales, a chart with its table, and passes axe at ${label}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/admin");
      await waitForApp(page);
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      const today = page.getByRole("heading", { name: "Today" }).locator("..");
      await expect(today).toContainText(/৳[1-9]/);
      await expect(page.getByText(/^Sales are orders confirmed/)).toBeVisible();
      const chart = page.getByRole("img", { name: /^Sales per day, last 30 days/ });
      await expect(chart).toHaveAttribute("aria-label", /in all; highest ৳/);
      // uPlot is drawn into the chart once its chunk has loaded, as wide as the box.
      const canvas = chart.locator("canvas");
      await expect(canvas).toBeVisible();
      const [boxWidth, canvasWidth] = await Promise.all([
        chart.evaluate((el) => el.clientWidth),
        canvas.evaluate((el) => el.getBoundingClientRect().width),
      ]);
      expect(Math.abs(boxWidth - canvasWidth)).toBeLessThan(2);
      await page.getByText("Show as table").click();
      await expect(page.getByRole("columnheader", { name: "Revenue" })).toBeVisible();
      await expect(page.getByRole("link", { name: /Confirmed/ })).toHaveAttribute(
        "href",
        "/admin/orders?status=confirmed",
      );
      await expect(page.getByRole("heading", { name: "Top products, last 30 days" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Low stock" })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await shot(page, `admin-dashboard-${label.replace(" ", "")}`);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("a book's sales page shows the sale, and its CSV downloads the same figures", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`/admin/books/${book.id}/sales`);
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "Book sales" })).toBeVisible();
    await expect(page.locator("main p", { hasText: book.title }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Edit the book/ })).toHaveAttribute(
      "href",
      `/admin/books/${book.id}`,
    );
    await expect(page.getByRole("img", { name: /^Revenue per day/ }).locator("canvas")).toBeVisible();
    const pageUnits = async () =>
      Number(
        await page
          .getByRole("row", { name: /^Total/ })
          .getByRole("cell")
          .first()
          .textContent(),
      );
    expect(await pageUnits()).toBeGreaterThanOrEqual(2);
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-book-sales-360px");
    await expectNoSeriousA11yViolations(page);

    // Other specs, on other workers, buy best sellers too: this book may sell between the page's
    // read and the CSV's. The two are compared when the page reads the same before and after.
    let compared = false;
    for (let attempt = 1; attempt <= 3 && !compared; attempt++) {
      const before = await pageUnits();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^sales-${book.id}-\\d{4}-\\d{2}-\\d{2}-to-.*-by-day\\.csv$`),
      );
      const bytes = readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString("utf8").slice(1).trim().split("\r\n");
      expect(lines[0]).toBe("Product,Day,Units,Revenue (taka)");
      expect(lines).toHaveLength(31);
      const csvUnits = lines.slice(1).reduce((s, l) => s + Number(l.split(",").at(-2)), 0);
      await page.reload();
      await waitForApp(page);
      if ((await pageUnits()) === before) {
        expect(csvUnits).toBe(before);
        compared = true;
      }
    }
    expect(compared, "the book's sales changed during every read").toBe(true);

    // By month, through the form: the URL keeps the choice.
    await page.getByLabel("Group by").selectOption("month");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/group=month/);
    await expect(page.getByRole("columnheader", { name: "Month" })).toBeVisible();

    // A range that cannot be: the reason, and the last 30 days instead.
    await page.goto(`/admin/books/${book.id}/sales?from=2031-01-10&to=2030-01-01`);
    await expect(page.getByRole("alert")).toContainText("The range must start on or before its last day");

    await page.setViewportSize(DESKTOP);
    await page.goto(`/admin/books/${book.id}/sales`);
    await waitForApp(page);
    const plot = page.getByRole("img", { name: /^Revenue per day/ });
    await expect(plot.locator("canvas")).toBeVisible();
    // Away from the chart the legend reads the range's total; over the last bar, that day's figure.
    const legend = plot.locator(".u-legend");
    await expect(legend).toContainText("All");
    const lastDay = await page.getByRole("row").nth(-2).getByRole("cell").first().textContent();
    const overlay = plot.locator(".u-over");
    const box = (await overlay.boundingBox())!;
    await overlay.hover({ position: { x: box.width - 3, y: box.height / 2 } });
    await expect(legend).toContainText(lastDay!);
    await shot(page, "admin-book-sales-desktop");

    // The chart follows its box when the window narrows to a phone's.
    const wide = await plot.locator("canvas").evaluate((el) => el.getBoundingClientRect().width);
    await page.setViewportSize(MOBILE);
    await expect
      .poll(async () => {
        const [boxWidth, canvasWidth] = await Promise.all([
          plot.evaluate((el) => el.clientWidth),
          plot.locator("canvas").evaluate((el) => el.getBoundingClientRect().width),
        ]);
        return Math.abs(boxWidth - canvasWidth) < 2 && canvasWidth < wide / 2;
      })
      .toBe(true);
    await expectNoHorizontalOverflow(page);
  });

  test("a bundle's sales page shows its figures and leads back to the bundle", async ({ page }) => {
    const list = await page.request.get("/api/bundles?limit=1");
    const [bundle] = ((await list.json()) as { data: { items: { id: number; title: string }[] } }).data.items;
    await page.goto(`/admin/bundles/${bundle!.id}/sales?group=month`);
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "Bundle sales" })).toBeVisible();
    await expect(page.locator("main p", { hasText: bundle!.title }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Edit the bundle/ })).toHaveAttribute(
      "href",
      `/admin/bundles/${bundle!.id}`,
    );
    await expect(page.getByRole("columnheader", { name: "Month" })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Revenue per month/ }).locator("canvas")).toBeVisible();
    // A book's id on the bundle page is no bundle.
    const res = await page.goto(`/admin/bundles/${book.id}/sales`);
    expect(res?.status()).toBe(404);
  });
});
