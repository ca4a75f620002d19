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
 * Staff find a buyer's orders by phone, pack both in one go with a result per order, print their
 * packing slips with barcodes, and see a typed number that is not a shop order refused.
 */
test.describe("the orders list", () => {
  test.use({ storageState: ADMIN_STATE });

  let phone = "";
  const ids: number[] = [];

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    ({ phone } = await signUpNewCustomer(page, "Orders List Buyer"));
    // Not the book the sales spec counts (it compares two reads of that book's sales).
    const counted = await bookWithStock(page, 3);
    const book = await bookWithStock(page, 3, [counted.id]);
    const buyer = {
      name: "Orders List Buyer",
      phone,
      district: "Khulna",
      area: "Sonadanga",
      address: "House 5, Road 9",
    };
    for (let i = 0; i < 2; i++) ids.push((await placeOrder(page, buyer, [{ id: book.id }])).orderId);
    await context.close();
  });

  test("find the buyer's orders by phone, pack both at once, print their slips", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/admin/orders");
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    // Typed the way people say it: with the country code.
    await page.getByLabel("Search order number, phone, name, invoice or consignment").fill(`+88${phone}`);
    await expect(page).toHaveURL(/q=/);
    const boxes = page.getByRole("checkbox", { name: /^Select order \d+/ });
    await expect(boxes).toHaveCount(2);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page
      .getByRole("toolbar", { name: "Bulk actions" })
      .getByRole("button", { name: "Change status…" })
      .click();
    await page.getByLabel("New status").selectOption("processing");
    await page.getByRole("button", { name: "Change status", exact: true }).click();
    const results = page.getByRole("list", { name: "Result per order" });
    await expect(results.getByRole("listitem")).toHaveCount(2);
    await expect(page.getByText("2 of 2 done").first()).toBeVisible();
    await page.getByRole("button", { name: "Close" }).first().click();

    await page.goto(`/admin/orders/print?ids=${ids.join(",")}`);
    await waitForApp(page);
    await expect(page.getByRole("img", { name: /^Barcode of order \d+$/ })).toHaveCount(2);
    await expect(page.getByText(/^Cash to collect: ৳[1-9]/)).toHaveCount(2);
    await expect(page.getByText("House 5, Road 9").first()).toBeVisible();
    await shot(page, "admin-orders-print");
  });

  test("the list fits a 360 px phone and passes axe", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`/admin/orders?q=${phone}`);
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-orders-360px");
    await expectNoSeriousA11yViolations(page);
  });

  test("a typed order number that holds no stationery is refused with its reason", async ({ page }) => {
    await page.goto("/admin/shop-orders/bmd");
    await waitForApp(page);
    const number = await page.request
      .get(`/api/admin/orders/${ids[0]}`)
      .then(async (r) => ((await r.json()) as { data: { number: string } }).data.number);
    await page.getByLabel("Order numbers").fill(number);
    await page.getByRole("button", { name: /^Mark .*delivered$/ }).click();
    const results = page.getByRole("list", { name: "Result per order" });
    await expect(results.getByRole("listitem")).toHaveCount(1);
    await expect(results).toContainText("✗");
  });
});
