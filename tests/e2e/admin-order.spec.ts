import type { Page } from "@playwright/test";
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
import { STAFF_ORDERS_STATE } from "./support";

/**
 * A staff member with the orders permission handles two orders on their page: a cash-on-delivery
 * order is confirmed by phone, packed, given a consignment and a note; an order paid online is
 * refunded in part, and the credit note's number is shown.
 */
test.describe("one order in the back office", () => {
  test.use({ storageState: STAFF_ORDERS_STATE });

  const placed: { cod: number; paid: number } = { cod: 0, paid: 0 };

  async function place(page: Page, phone: string, paymentMethod: "cod" | "gateway") {
    const book = await bookWithStock(page, 3);
    return placeOrder(page, { name: "Order Page Buyer", phone, address: "House 9, Road 4", paymentMethod }, [
      { id: book.id },
    ]);
  }

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const { phone } = await signUpNewCustomer(page, "Order Page Buyer");
    placed.cod = (await place(page, phone, "cod")).orderId;
    const online = await place(page, phone, "gateway");
    // The sandbox gateway's Pay button, then the return to the shop that records the payment.
    const pressed = await page.request.post(`/sandbox-gateway/${online.tranx}`, {
      form: { outcome: "pay" },
      maxRedirects: 0,
    });
    expect(pressed.status()).toBe(303);
    const back = new URL(pressed.headers().location!);
    await page.request.get(`${back.pathname}${back.search}`, { maxRedirects: 0 });
    placed.paid = online.orderId;
    await context.close();
  });

  test("confirm a cash-on-delivery order by phone, pack it, type its consignment and add a note", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/admin/orders/${placed.cod}`);
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: /^Order \d+$/ })).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
    await expect(page.getByTestId("cod-check")).toContainText("Not checked by phone yet");

    await page.getByRole("button", { name: "Phone confirmed" }).click();
    await expect(page.getByTestId("cod-check")).toContainText("Phone confirmed");
    await expect(page.getByTestId("cod-check")).toContainText("Orders Staff");

    await page.getByRole("button", { name: "Being packed" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("Being packed");

    const cn = `E2E${placed.cod}`;
    await page.getByLabel("Consignment number").fill(cn.toLowerCase());
    await page.getByRole("button", { name: "Save consignment" }).click();
    await expect(page.getByTestId("consignment")).toHaveText(cn);
    await expect(page.getByTestId("order-status")).toHaveText("Shipped");

    await page.getByLabel("New note").fill("Buyer asked to call before delivery");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByTestId("order-notes")).toContainText("Buyer asked to call before delivery");
    await expect(page.getByRole("button", { name: "Edit address" })).toHaveCount(0);
    await shot(page, "admin-order-cod-desktop");

    await page.setViewportSize(MOBILE);
    await page.reload();
    await waitForApp(page);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await shot(page, "admin-order-cod-360");
  });

  test("refund part of an order paid online and see the credit note", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`/admin/orders/${placed.paid}`);
    await waitForApp(page);
    await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
    await expect(page.getByTestId("order-balance")).toHaveText("Settled: nobody owes anything");
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-order-paid-360");

    await page.getByRole("button", { name: "Refund", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // Paid online: the refund goes back through the gateway unless staff send it by hand.
    const through = dialog.getByLabel("Send it back through the sandbox gateway (the way the buyer paid)");
    await expect(through).toBeChecked();
    await through.uncheck();
    await dialog.getByLabel("Amount (taka)").fill("50");
    // The methods read as words, not as the values sent.
    await expect(dialog.getByLabel("Method").getByRole("option")).toHaveText([
      "bKash",
      "Nagad",
      "Rocket",
      "Bank transfer",
      "Card (through the gateway)",
      "Cash",
      "Store credit",
    ]);
    await dialog.getByLabel("Method").selectOption("bkash");
    await expect(dialog.getByLabel("Method")).toHaveValue("bkash");
    await dialog.getByLabel("Reason").fill("Cover slightly damaged");
    await dialog.getByLabel("Reference (the transfer's number)").fill("BK9X1");
    await shot(page, "admin-order-refund-dialog-360", { fullPage: false });
    await dialog.getByRole("button", { name: "Record refund" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("credit-note-number")).toHaveText(/^CN-\d{4}-\d{6}$/);
    await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
    await expect(page.getByText("Cover slightly damaged · ref BK9X1")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-order-refunded-360");

    // The "Refunded" status button opens the same dialog with all that is left.
    await page.getByRole("button", { name: "Refunded", exact: true }).click();
    await expect(dialog.getByLabel("Amount (taka)")).not.toHaveValue("");
    await expect(dialog.getByLabel("Amount (taka)")).not.toHaveValue("50");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
  });
});
