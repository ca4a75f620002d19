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
import { STAFF_ORDERS_STATE } from "./support";

/**
 * Staff refund orders paid online through the gateway they were paid at (the demo's sandbox
 * gateway): part of one on a phone, all of another at desktop width, and see each refunded with
 * its credit note, the second order marked refunded.
 */
test.describe("refunds through the gateway", () => {
  test.use({ storageState: STAFF_ORDERS_STATE });

  const paid: number[] = [];

  async function paidOrder(page: Page, phone: string): Promise<number> {
    const book = await bookWithStock(page, 3);
    const online = await placeOrder(
      page,
      { name: "Gateway Refund Buyer", phone, address: "House 12, Road 7", paymentMethod: "gateway" },
      [{ id: book.id }],
    );
    // The sandbox gateway's Pay button, then the return to the shop that records the payment.
    const pressed = await page.request.post(`/sandbox-gateway/${online.tranx}`, {
      form: { outcome: "pay" },
      maxRedirects: 0,
    });
    expect(pressed.status()).toBe(303);
    const back = new URL(pressed.headers().location!);
    await page.request.get(`${back.pathname}${back.search}`, { maxRedirects: 0 });
    return online.orderId;
  }

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const { phone } = await signUpNewCustomer(page, "Gateway Refund Buyer");
    paid.push(await paidOrder(page, phone), await paidOrder(page, phone));
    await context.close();
  });

  async function refund(page: Page, orderId: number, amount: string | null, reason: string, name: string) {
    await page.goto(`/admin/orders/${orderId}`);
    await waitForApp(page);
    await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByLabel("Send it back through the sandbox gateway (the way the buyer paid)"),
    ).toBeChecked();
    // Sent through the gateway: no method or reference to type.
    await expect(dialog.getByLabel("Method")).toHaveCount(0);
    if (amount) await dialog.getByLabel("Amount (taka)").fill(amount);
    await dialog.getByLabel("Reason").fill(reason);
    await shot(page, `${name}-dialog`, { fullPage: false });
    await dialog.getByRole("button", { name: "Refund through the gateway" }).click();
    await expect(dialog).toBeHidden();
  }

  test("refund part of an online-paid order through the gateway on a phone", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await refund(page, paid[0]!, "40", "One page torn", "gateway-refund-360");
    await expect(page.getByTestId("refund-status")).toHaveText("Refunded by the sandbox gateway");
    await expect(page.getByTestId("credit-note-number")).toHaveText(/^CN-\d{4}-\d{6}$/);
    await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
    await expectNoHorizontalOverflow(page);
    await shot(page, "gateway-refund-360");
  });

  test("refund all of an online-paid order through the gateway at desktop width", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await refund(page, paid[1]!, null, "Out of print", "gateway-refund-desktop");
    await expect(page.getByTestId("refund-status")).toHaveText("Refunded by the sandbox gateway");
    await expect(page.getByTestId("order-status")).toHaveText("Refunded");
    await expect(page.getByTestId("order-balance")).toHaveText("Settled: nobody owes anything");
    await expectNoHorizontalOverflow(page);
    await shot(page, "gateway-refund-desktop");
  });
});
