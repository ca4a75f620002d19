import {
  bookWithStock,
  expect,
  expectNoHorizontalOverflow,
  MOBILE,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";
import { E2E_SHOP } from "./support";

test("a printed book: cash on delivery is chosen, online payment names bKash, Nagad and Rocket, and the invoice names the shop as configured", async ({
  page,
}) => {
  await page.goto("/");
  await signUpNewCustomer(page, "Nusrat Jahan");
  const book = await bookWithStock(page);
  const added = await page.request.post("/api/cart", {
    data: { bookId: book.id, quantity: 1, source: "e2e", type: "book" },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto("/cart/checkout");
  await waitForApp(page);
  await expect(page.getByRole("radio", { name: /Cash on delivery/ })).toBeChecked();
  const online = page.getByRole("radio", { name: /Online payment/ });
  await expect(online).not.toBeChecked();
  await expect(
    page.getByText("Pay now with bKash, Nagad, Rocket or a card on the payment gateway's secure page."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
  await page.getByLabel("Area / thana").fill("Dhanmondi");
  await page.getByLabel("Address").fill("House 12, Road 5");
  await page.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(page);
  await shot(page, "checkout-cod-preselected-360");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();

  await page.getByRole("link", { name: "View invoice" }).click();
  await expect(page).toHaveURL(/\/invoice\/\d+$/);
  const fields = page.getByTestId("shop-fields");
  await expect(fields).toContainText(E2E_SHOP.SHOP_LEGAL_NAME);
  await expect(fields).toContainText(E2E_SHOP.SHOP_ADDRESS);
  await expect(fields).toContainText(`Phone: ${E2E_SHOP.SHOP_PHONE}`);
  await expect(fields).toContainText(`Trade licence: ${E2E_SHOP.SHOP_TRADE_LICENCE}`);
  await expect(fields).toContainText(`BIN: ${E2E_SHOP.SHOP_BIN}`);
  await expectNoHorizontalOverflow(page);
  await shot(page, "invoice-shop-fields-360");
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, "invoice-shop-fields-desktop");
});
