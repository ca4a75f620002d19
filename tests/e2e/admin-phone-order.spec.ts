import type { Page } from "@playwright/test";
import {
  bookWithStock,
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  MOBILE,
  shot,
  test,
  waitForApp,
} from "./helpers";
import { ADMIN_STATE, BASE_URL, STAFF_ORDERS_STATE } from "./support";

/** A phone number no account has: the customer is new to the shop. */
const newPhone = () => `018${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;

/** The clerk's steps on /admin/orders/new: the customer, one book, the address, how they pay. */
async function takeOrder(page: Page, phone: string, book: { title: string }, pay: "cod" | "link") {
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Find", exact: true }).click();
  await expect(page.getByText(/^New customer: placing the order makes their account/)).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Phone Buyer");
  await page.getByLabel("Search add products").fill(book.title);
  await page
    .getByRole("button", { name: new RegExp(`^${literally(book.title)}`) })
    .first()
    .click();
  await page.getByLabel("District").selectOption("Sylhet");
  await page.getByLabel("Area").fill("Zindabazar");
  await page.getByLabel("Address", { exact: true }).fill("House 12, Road 3");
  if (pay === "link") await page.getByLabel("Online: send a payment link by SMS").check();
  // The totals as the buyer is charged: the book and Sylhet's delivery.
  await expect(page.getByText("Delivery (Sylhet)")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const total = (await page.getByTestId("phone-order-total").textContent()) ?? "";
  await shot(page, `admin-phone-order-${pay}`);
  const [placed] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith("/api/admin/phone-orders") && r.request().method() === "POST",
    ),
    page.getByRole("button", { name: `Place order for ${total}` }).click(),
  ]);
  // What the buyer's SMS links to (the demo's SMS go to a table, not a phone).
  const { paymentLink } = ((await placed.json()) as { data: { paymentLink: string | null } }).data;
  await expect(page.getByRole("heading", { level: 1, name: /^Order / })).toBeVisible();
  return { total, paymentLink, orderId: Number(/\/admin\/orders\/(\d+)$/.exec(page.url())?.[1]) };
}

const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("an order taken by phone", () => {
  test.describe("on a desktop", () => {
    test.use({ storageState: ADMIN_STATE });
    test("a clerk takes a cash-on-delivery order and finds it in the audit log", async ({ page }) => {
      const book = await bookWithStock(page, 2);
      await page.goto("/admin/orders");
      await waitForApp(page);
      await page.getByRole("link", { name: "Take a phone order" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Take a phone order" })).toBeVisible();
      const { total, orderId } = await takeOrder(page, newPhone(), book, "cod");
      await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
      await expect(page.getByText("Order taken by phone")).toBeVisible();
      await expect(page.getByText(total).first()).toBeVisible();
      await shot(page, "admin-phone-order-placed");

      await page.goto(`/admin/audit?area=order&record=${orderId}`);
      const entry = page.getByTestId("audit-entry").filter({ hasText: "order.phone" });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText("Demo");
    });
  });

  test.describe("at 360 px", () => {
    test.use({ storageState: STAFF_ORDERS_STATE, viewport: MOBILE });
    test("a clerk sends a payment link, and the buyer pays with it without signing in", async ({
      page,
      browser,
    }) => {
      const book = await bookWithStock(page, 2);
      const phone = newPhone();
      await page.goto("/admin/orders/new");
      await waitForApp(page);
      const { total, paymentLink } = await takeOrder(page, phone, book, "link");
      await expect(page.getByTestId("order-status")).toHaveText("Waiting for payment");

      // The buyer opens the SMS's link on their own phone, signed out.
      const path = new URL(paymentLink!).pathname;
      const buyer = await browser.newContext({
        baseURL: BASE_URL,
        storageState: { cookies: [], origins: [] },
        viewport: MOBILE,
      });
      const theirs = await buyer.newPage();
      await theirs.goto(path);
      await expect(theirs.getByRole("heading", { level: 1, name: "Pay for your order" })).toBeVisible();
      await expectNoHorizontalOverflow(theirs);
      await shot(theirs, "pay-link-360");
      await theirs.getByRole("button", { name: `Pay ${total} online` }).click();
      await theirs.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(theirs.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
      await buyer.close();
      await page.setViewportSize(DESKTOP);
    });
  });
});
