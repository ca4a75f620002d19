import type { Page } from "@playwright/test";
import {
  bookWithStock,
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
import { ADMIN_STATE, BASE_URL } from "./support";

/**
 * The back office's orders in Bangla: the orders list, an order delivered with cash on delivery
 * (its payment reads as collected) and the sales report, on a desktop and on a phone.
 */
test.describe("the orders back office in Bangla", () => {
  test.use({ storageState: ADMIN_STATE });

  let orderId = 0;
  let orderNumber = "";

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const { phone } = await signUpNewCustomer(page, "Bangla Orders Buyer");
    const counted = await bookWithStock(page, 3);
    const book = await bookWithStock(page, 3, [counted.id]);
    ({ orderId, orderNumber } = await placeOrder(page, { name: "Bangla Orders Buyer", phone }, [
      { id: book.id },
    ]));
    await context.close();
  });

  const inBangla = (page: Page) =>
    page.context().addCookies([{ name: "pathagar_lang", value: "bn", url: BASE_URL }]);

  /** Moves the order along as staff do, by the order's own status calls. */
  async function deliver(page: Page) {
    for (const status of ["processing", "shipped", "delivered"]) {
      const moved = await page.request.patch(`/api/admin/orders/${orderId}/status`, {
        data: status === "shipped" ? { status, byHand: true } : { status },
        headers: { origin: BASE_URL },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
  }

  test("the orders list reads in Bangla and its table fits a 1280 px screen", async ({ page }) => {
    await inBangla(page);
    await page.setViewportSize(DESKTOP);
    await page.goto("/admin/orders");
    await waitForApp(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await expect(page.getByRole("heading", { level: 1, name: "অর্ডার" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "ক্রেতা" })).toBeVisible();
    await expect(page.getByRole("cell", { name: /ক্যাশ অন ডেলিভারি/ }).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // Every column in view: the table does not run past its card (which would scroll sideways).
    const table = page.getByRole("main").locator("section:has(> table)");
    const { scrollWidth, clientWidth } = await table.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth, `the table is ${scrollWidth}px wide in a ${clientWidth}px card`).toBeLessThanOrEqual(
      clientWidth,
    );
    await shot(page, "bn-admin-orders-1280", { fullPage: false });
    // Booking the courier for an order nobody confirmed by phone says so before it books.
    await page
      .getByRole("row")
      .filter({ hasText: `#${orderNumber}` })
      .getByRole("checkbox")
      .check();
    await page.getByRole("button", { name: "কুরিয়ার বুক করুন" }).click();
    const confirm = page.getByRole("dialog");
    await expect(
      confirm.getByText("১টি ক্যাশ অন ডেলিভারি অর্ডার এখনো ক্রেতার সাথে ফোনে নিশ্চিত করা হয়নি।"),
    ).toBeVisible();
    await shot(page, "bn-admin-orders-courier-warning-1280", { fullPage: false });
    await page.keyboard.press("Escape");
    await expect(confirm).toHaveCount(0);
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-admin-orders-360");
  });

  test("a delivered cash-on-delivery order reads in Bangla, its cash collected", async ({ page }) => {
    await deliver(page);
    await inBangla(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/admin/orders/${orderId}`);
    await waitForApp(page);
    await expect(page.getByTestId("order-status")).toHaveText("ডেলিভারি হয়েছে");
    const payments = page.getByRole("region", { name: "পেমেন্ট" });
    await expect(payments.getByText("ডেলিভারিতে নগদ আদায় হয়েছে")).toBeVisible();
    await expect(payments.getByText(/initiated/)).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-admin-order-1280");
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-admin-order-360");
  });

  test("the sales report reads in Bangla", async ({ page }) => {
    await inBangla(page);
    await page.setViewportSize(DESKTOP);
    await page.goto("/admin/report");
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "রিপোর্ট" })).toBeVisible();
    await expect(
      page
        .getByRole("main")
        .getByText(/৳[০-৯]/)
        .first(),
    ).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-admin-report-1280");
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-admin-report-360");
  });
});
