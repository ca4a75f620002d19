import { readFileSync } from "node:fs";
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
import { ADMIN_STATE, BASE_URL, STAFF_ORDERS_STATE } from "./support";

const SIGNED_OUT = { cookies: [], origins: [] };

test.describe("the audit log", () => {
  test.use({ storageState: ADMIN_STATE });

  test("an admin finds the change they just made, with before and after, at 360 px and on a desktop", async ({
    page,
    browser,
  }) => {
    const theirs = await browser.newContext({ baseURL: BASE_URL, storageState: SIGNED_OUT });
    const { name, phone } = await signUpNewCustomer(await theirs.newPage(), "Audited Customer");
    await theirs.close();
    const found = await page.request.get(`/api/admin/users?q=${phone}`);
    const id = (await found.json()).data.items[0].id as number;

    // The change, made on the account's page.
    await page.goto(`/admin/users/${id}`);
    await waitForApp(page);
    await page.getByRole("button", { name: "Block account" }).click();
    const dialog = page.getByRole("dialog", { name: `Block ${name}?` });
    await dialog.getByLabel("Reason (kept in the audit log)").fill("Refused three parcels at the door");
    await dialog.getByRole("button", { name: "Block account" }).click();
    await expect(page.getByText(/^Blocked since /)).toBeVisible();

    // The log, from the admin menu, filtered to that account with the form.
    await page.goto("/admin");
    await waitForApp(page);
    await page.getByRole("link", { name: "Audit log" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await page.getByLabel("Area").selectOption("user");
    await page.getByLabel("Record id").fill(String(id));
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`area=user.*record=${id}`));
    const entries = page.getByTestId("audit-entry");
    await expect(entries).toHaveCount(1);
    const entry = entries.first();
    await expect(entry).toContainText("Demo");
    await expect(entry).toContainText(`#${id}`);
    await expect(entry.locator("ins").filter({ hasText: "Refused three parcels at the door" })).toBeVisible();
    await shot(page, "admin-audit");

    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await expect(entry.locator("ins").filter({ hasText: "Refused three parcels at the door" })).toBeVisible();
    await shot(page, "admin-audit-360");
    await page.setViewportSize(DESKTOP);

    // The CSV of the same filter holds it.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv).toContain("Refused three parcels at the door");
    expect(csv.trim().split("\r\n")).toHaveLength(2);
  });

  test("a refused parcel is recorded on its order at 360 px, and the log holds it", async ({
    page,
    browser,
  }) => {
    // A cash-on-delivery order of a new buyer, packed and shipped with a consignment number.
    const theirs = await browser.newContext({ baseURL: BASE_URL, storageState: SIGNED_OUT });
    const buyerPage = await theirs.newPage();
    const { phone } = await signUpNewCustomer(buyerPage, "Refusing Buyer");
    const book = await bookWithStock(buyerPage, 3);
    const { orderId } = await placeOrder(buyerPage, { name: "Refusing Buyer", phone }, [{ id: book.id }]);
    const packed = await page.request.patch(`/api/admin/orders/${orderId}/status`, {
      data: { status: "processing" },
    });
    expect(packed.status(), await packed.text()).toBe(200);
    const shipped = await page.request.put(`/api/admin/orders/${orderId}/consignment`, {
      data: { consignment: `RET${orderId}` },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);

    await page.setViewportSize(MOBILE);
    await page.goto(`/admin/orders/${orderId}`);
    await waitForApp(page);
    await expect(page.getByTestId("order-status")).toHaveText("Shipped");
    await page.getByRole("button", { name: "Returned", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("was never collected");
    await dialog.getByLabel("Why it came back").selectOption("refused");
    await dialog.getByLabel("The courier's return charge (taka)").fill("60");
    await shot(page, "admin-order-return-dialog-360");
    await dialog.getByRole("button", { name: "Record the return" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("Returned");
    await expect(page.getByTestId("parcel-return")).toContainText("Refused by the buyer");
    await expect(page.getByText("The courier's return charge: ৳60 (the shop's cost)")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-order-returned-360");

    await page.setViewportSize(DESKTOP);
    await page.getByRole("link", { name: "Its history" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    const entry = page.getByTestId("audit-entry").filter({ hasText: "order.return" });
    await expect(entry).toHaveCount(1);
    await expect(entry.locator("ins").filter({ hasText: "returned" }).first()).toBeVisible();
    await shot(page, "admin-audit-return");

    // The buyer's next checkout: none of their parcels was delivered, so the page says what cash
    // on delivery means now, in plain words, before any script runs.
    const added = await buyerPage.request.post("/api/cart", {
      data: { bookId: book.id, quantity: 1, source: "e2e", type: "book" },
    });
    expect(added.status()).toBe(201);
    await buyerPage.setViewportSize(MOBILE);
    await buyerPage.goto("/cart/checkout");
    await expect(buyerPage.getByTestId("cod-risk-notice")).toHaveText(
      `Some earlier parcels to ${phone} came back undelivered. You can still pay cash on delivery: we will call you at ${phone} before we pack your order.`,
    );
    await shot(buyerPage, "checkout-cod-risk-360");
    await theirs.close();

    // The rule that said so, where staff set it.
    await page.goto("/admin/orders/cod-risk");
    await expect(page.getByLabel("What happens to a risky order")).toHaveValue("call");
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-cod-risk-rule");
  });

  test.describe("for staff", () => {
    test.use({ storageState: STAFF_ORDERS_STATE });
    test("it is not theirs to read", async ({ page }) => {
      const res = await page.goto("/admin/audit");
      expect(res?.status()).toBe(403);
    });
  });
});
