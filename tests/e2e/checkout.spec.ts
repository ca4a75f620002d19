import type { Locator, Page } from "@playwright/test";
import { formatTaka } from "../../src/contracts/money";
import {
  bookWithStock,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  MOBILE,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";

// Buying on the demo catalogue with the built-in sandbox gateway (its hosted page has Pay, Fail
// and Cancel). Every test signs a new customer up, so carts, orders and coupons never collide
// with other tests; each picks a best-selling book that still has stock.

type DataLayerEvent = { event?: string; ecommerce?: Record<string, unknown> | null };

async function dataLayerEvents(page: Page, name: string): Promise<DataLayerEvent[]> {
  return page.evaluate(
    (n) =>
      ((window as unknown as { dataLayer?: DataLayerEvent[] }).dataLayer ?? []).filter((e) => e.event === n),
    name,
  );
}

/** One row of a summary list: the <dt> whose text matches and its <dd>. */
function row(scope: Locator, name: RegExp): Locator {
  return scope.locator("dl > div").filter({ has: scope.page().locator("dt", { hasText: name }) });
}

/** Adds a product to the signed-in customer's cart through POST /api/cart, as the shop does. */
async function addToCart(page: Page, id: number, type = "book") {
  const res = await page.request.post("/api/cart", {
    data: { bookId: id, quantity: 1, source: "e2e", type },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function fillAddress(page: Page, { area = "Dhanmondi", address = "House 12, Road 5" } = {}) {
  await page.getByLabel("Area / thana").fill(area);
  await page.getByLabel("Address").fill(address);
}

/** On the sandbox gateway's page: checks the amount and presses Pay, Fail or Cancel. */
async function onSandboxPress(page: Page, button: "Pay" | "Fail" | "Cancel", amount?: number) {
  await expect(page).toHaveURL(/\/sandbox-gateway\//);
  await expect(page.getByRole("heading", { name: "Sandbox payment gateway" })).toBeVisible();
  if (amount !== undefined) await expect(page.getByText(formatTaka(amount), { exact: true })).toBeVisible();
  await page.getByRole("button", { name: button, exact: true }).click();
}

/** The order number the success page shows in its "Order #N" heading. */
async function orderNumberOn(page: Page): Promise<string> {
  const heading = page.getByRole("heading", { level: 2, name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();
  return ((await heading.textContent()) ?? "").replace("Order #", "");
}

test("pays online on the gateway's page, gets the invoice and sees the order confirmed", async ({ page }) => {
  test.slow();
  await page.goto("/");
  await signUpNewCustomer(page, "Nusrat Jahan");
  const book = await bookWithStock(page);

  // From the book's page to the cart to checkout.
  await page.goto(book.url);
  await waitForApp(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await page.getByRole("link", { name: "Cart, 1 item" }).click();
  await page.getByRole("link", { name: "Proceed to checkout" }).click();
  await expect(page).toHaveURL("/cart/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await waitForApp(page);

  // The form starts with the account's name and phone; begin_checkout is pushed once, in taka.
  await expect(page.getByLabel("Full name")).toHaveValue("Nusrat Jahan");
  await expect(page.getByLabel("Phone number")).toHaveValue(/^01\d{9}$/);
  const begin = await dataLayerEvents(page, "begin_checkout");
  expect(begin).toHaveLength(1);
  expect(begin[0]?.ecommerce).toEqual({
    currency: "BDT",
    value: (book.price + 6_000) / 100,
    items: [
      {
        item_id: String(book.id),
        item_name: book.title,
        item_category: "book",
        price: book.price / 100,
        quantity: 1,
      },
    ],
  });

  // Outside Dhaka: the delivery charge is swapped into the total at once.
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(row(summary, /^Delivery/)).toContainText("৳60");
  await page.getByLabel("District").selectOption("Sylhet");
  await expect(row(summary, /^Delivery to Sylhet$/)).toContainText("৳100");
  await expect(row(summary, /^Total$/)).toContainText(formatTaka(book.price + 10_000));

  // Empty fields are named by the same schema the server uses.
  await page.getByRole("radio", { name: /Online payment/ }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Area is required")).toBeVisible();
  await expect(page.getByText("Address is required")).toBeVisible();
  await fillAddress(page, { area: "Zindabazar", address: "Holding 21, Lamabazar Road" });
  await page.getByRole("radio", { name: /Online payment/ }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await onSandboxPress(page, "Pay", book.price + 10_000);
  await expect(page).toHaveURL(/\/payment\/[^/]+\/success$/);
  await expect(page).toHaveTitle("Payment Successful");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "Payment successful page",
  );
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
  const number = await orderNumberOn(page);
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: book.title })).toBeVisible();
  await waitForApp(page);

  // purchase is pushed once per order: not again when the page is reloaded.
  const purchase = await dataLayerEvents(page, "purchase");
  expect(purchase).toHaveLength(1);
  expect(purchase[0]?.ecommerce).toMatchObject({
    transaction_id: number,
    currency: "BDT",
    value: (book.price + 10_000) / 100,
    shipping: 100,
    items: [{ item_id: String(book.id), item_name: book.title, item_category: "book", quantity: 1 }],
  });
  await shot(page, "payment-success-desktop");
  await page.reload();
  await waitForApp(page);
  expect(await dataLayerEvents(page, "purchase")).toHaveLength(0);

  // The invoice: its number, the order, the buyer.
  await page.getByRole("link", { name: "View invoice" }).click();
  await expect(page).toHaveURL(/\/invoice\/\d+$/);
  await expect(page).toHaveTitle("Invoice");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "View your order invoice",
  );
  await expect(page.getByRole("heading", { level: 1, name: "Invoice" })).toBeVisible();
  await expect(page.getByText(/^INV-\d{4}-\d{6}$/)).toBeVisible();
  await expect(page.getByText(`#${number}`, { exact: true })).toBeVisible();
  await expect(page.getByText("Holding 21, Lamabazar Road")).toBeVisible();
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "invoice-desktop");
  // On paper: no toolbar.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  // Back to the order's page, then My orders: the order, confirmed, with its invoice.
  await page.getByRole("link", { name: `Order #${number}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order #${number}` })).toBeVisible();
  await page.getByRole("link", { name: "My orders" }).click();
  await expect(page).toHaveURL("/orders");
  const card = page.getByRole("article", { name: `Order #${number}` });
  await expect(card).toContainText("Confirmed");
  await expect(card).toContainText(book.title);
  await expect(card).toContainText(formatTaka(book.price + 10_000));
  await expect(card.getByRole("link", { name: "Invoice" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Pay now" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "orders-desktop");
});

test("a coupon from the cart and Dhaka delivery are paid online and shown on the invoice", async ({
  page,
}) => {
  test.slow();
  await page.goto("/");
  await signUpNewCustomer(page, "Farhana Kabir");
  const book = await bookWithStock(page);
  await addToCart(page, book.id);
  // WELCOME10 (the demo coupon): 10% off, at most ৳200; a new customer has not used it yet.
  const discount = Math.min(Math.floor(book.price / 10), 20_000);
  const total = book.price - discount + 6_000;

  // The coupon goes on in the cart.
  await page.goto("/cart");
  await waitForApp(page);
  const cart = page.getByRole("region", { name: "Order summary" });
  await cart.getByLabel("Coupon code").fill("WELCOME10");
  await cart.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Coupon applied successfully" })).toBeVisible();
  await expect(row(cart, /^Discount$/)).toContainText(formatTaka(discount));
  await cart.getByRole("link", { name: "Proceed to checkout" }).click();

  // Checkout carries it; Dhaka is charged ৳60.
  await expect(page).toHaveURL("/cart/checkout");
  await waitForApp(page);
  const summary = page.getByRole("region", { name: "Order summary" });
  await page.getByLabel("District").selectOption("Dhaka");
  await expect(row(summary, /^Delivery to Dhaka$/)).toContainText("৳60");
  await expect(row(summary, /^Discount \(WELCOME10\)$/)).toContainText(`−${formatTaka(discount)}`);
  await expect(row(summary, /^Total$/)).toContainText(formatTaka(total));
  await fillAddress(page, { area: "Mirpur", address: "Flat 2A, Road 7, Section 10" });
  await page.getByRole("radio", { name: /Online payment/ }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await onSandboxPress(page, "Pay", total);
  await expect(page).toHaveURL(/\/payment\/[^/]+\/success$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
  const number = await orderNumberOn(page);
  const main = page.locator("main");
  await expect(row(main, /^Subtotal$/)).toContainText(formatTaka(book.price));
  await expect(row(main, /^Discount \(WELCOME10\)$/)).toContainText(`−${formatTaka(discount)}`);
  await expect(row(main, /^Delivery$/)).toContainText("৳60");
  await expect(row(main, /^Total$/)).toContainText(formatTaka(total));
  await shot(page, "payment-success-coupon-desktop");

  // The invoice keeps the discount and the Dhaka charge.
  await page.getByRole("link", { name: "View invoice" }).click();
  await expect(page).toHaveURL(/\/invoice\/\d+$/);
  await expect(page.getByText(`#${number}`, { exact: true })).toBeVisible();
  const totals = page.locator("main");
  await expect(row(totals, /^Discount \(WELCOME10\)$/)).toContainText(`−${formatTaka(discount)}`);
  await expect(row(totals, /^Delivery$/)).toContainText("৳60");
  await expect(row(totals, /^Total$/)).toContainText(formatTaka(total));
  await expect(row(totals, /^Paid online$/)).toContainText(formatTaka(total));
  await expect(page.getByRole("cell", { name: `−${formatTaka(discount)}` })).toBeVisible();
  await expect(page.getByText("Mirpur, Dhaka")).toBeVisible();
  await shot(page, "invoice-coupon-desktop");
});

test("cash on delivery goes straight to the confirmed order", async ({ page }) => {
  await page.goto("/");
  await signUpNewCustomer(page, "Arif Hossain");
  const book = await bookWithStock(page);
  await addToCart(page, book.id);

  await page.goto("/cart/checkout");
  await waitForApp(page);
  await fillAddress(page);
  await page.getByLabel("Note (optional)").fill("Please call before coming");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/payment\/[^/]+\/success$/);
  await expect(page).toHaveTitle("Payment Successful");
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();
  await expect(page.getByText(`keep ${formatTaka(book.price + 6_000)} ready`)).toBeVisible();
  const number = await orderNumberOn(page);
  await expect(row(page.locator("main"), /^Payment$/)).toContainText("Cash on delivery");

  // The order's own page, then the list.
  await page.getByRole("link", { name: "View order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order #${number}` })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Cash on delivery" })).toContainText(
    "Due on delivery",
  );
  await page.getByRole("link", { name: "My orders" }).click();
  const card = page.getByRole("article", { name: `Order #${number}` });
  await expect(card).toContainText("Confirmed");
  await expect(card).toContainText("Cash on delivery");

  // The cart was emptied: checkout now leads back to the shop.
  await page.goto("/cart/checkout");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse the shop" })).toHaveAttribute("href", "/");
});

test("a failed payment can be tried again and then succeeds", async ({ page }) => {
  test.slow();
  await page.goto("/");
  await signUpNewCustomer(page, "Sadia Islam");
  const book = await bookWithStock(page);
  await addToCart(page, book.id);

  await page.goto("/cart/checkout");
  await waitForApp(page);
  await fillAddress(page);
  await page.getByRole("radio", { name: /Online payment/ }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await onSandboxPress(page, "Fail");

  await expect(page).toHaveURL(/\/payment\/failed\?order=\d+$/);
  await expect(page).toHaveTitle("Payment Failed");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "Payment Failed page");
  await expect(page.getByRole("heading", { level: 1, name: "Payment Failed" })).toBeVisible();
  await expect(page.getByText(/nothing was charged/)).toBeVisible();
  const panel = page.getByRole("region", { name: /^Order #\d+$/ });
  await expect(panel).toContainText("Payment failed");
  await expect(panel.getByRole("button", { name: "Cancel order" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "payment-failed-desktop");

  await panel.getByRole("button", { name: "Try again" }).click();
  await onSandboxPress(page, "Pay", book.price + 6_000);
  await expect(page).toHaveURL(/\/payment\/[^/]+\/success$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
});

test("an unpaid order can be cancelled from My orders after confirming", async ({ page }) => {
  await page.goto("/");
  await signUpNewCustomer(page, "Tanvir Rahman");
  const book = await bookWithStock(page);
  await addToCart(page, book.id);

  await page.goto("/cart/checkout");
  await waitForApp(page);
  await fillAddress(page);
  await page.getByRole("radio", { name: /Online payment/ }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  // The buyer leaves the gateway's page without deciding.
  await expect(page).toHaveURL(/\/sandbox-gateway\//);

  await page.goto("/orders");
  await waitForApp(page);
  const card = page.getByRole("article", { name: /^Order #\d+$/ });
  await expect(card).toContainText("Waiting for payment");
  await expect(card.getByRole("button", { name: "Pay now" })).toBeVisible();

  await card.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("dialog", { name: /^Cancel order \d+\?$/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Keep the order" }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText("Waiting for payment");

  await card.getByRole("button", { name: "Cancel order" }).click();
  await dialog.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Order \d+ cancelled/ })).toBeVisible();
  await expect(card).toContainText("Cancelled");
  await expect(card.getByRole("button", { name: "Pay now" })).toHaveCount(0);
});

test("an e-book is paid online only and opens from its own success page", async ({ page }) => {
  await page.goto("/");
  await signUpNewCustomer(page, "Mitu Akter");
  const list = await page.request.get("/api/ebooks?limit=1");
  const ebook = ((await list.json()) as { data: { items: { id: number; title: string }[] } }).data.items[0]!;
  await addToCart(page, ebook.id, "ebook");

  await page.goto("/cart/checkout");
  await waitForApp(page);
  await expect(page.getByRole("radio", { name: /Cash on delivery/ })).toBeDisabled();
  await expect(
    page.getByText("Not available: e-books and courses in your cart must be paid online."),
  ).toBeVisible();
  await expect(row(page.getByRole("region", { name: "Order summary" }), /^Delivery$/)).toContainText(
    "None (digital)",
  );
  // Nothing is posted: no address is asked for.
  await expect(page.getByLabel("Area / thana")).toHaveCount(0);
  await expect(page.getByLabel("Address")).toHaveCount(0);
  await expect(page.getByLabel("District")).toHaveCount(0);
  await page.getByRole("radio", { name: /Online payment/ }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await onSandboxPress(page, "Pay");

  await expect(page).toHaveURL(`/ebook/payment/${ebook.id}/success`);
  await expect(page).toHaveTitle("Payment Successful");
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: ebook.title })).toBeVisible();
  await expect(page.getByRole("link", { name: "Read now" })).toHaveAttribute(
    "href",
    `/ebook/${ebook.id}/read`,
  );
  await expect(page.getByRole("link", { name: "My orders" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "ebook-payment-success-desktop");

  // The library lists it, with the way into the reader.
  await page.getByRole("link", { name: "My e-books" }).click();
  await expect(page).toHaveURL("/ebook/library");
  await expect(page).toHaveTitle(/^My e-books \| /);
  await expect(page.getByRole("heading", { level: 1, name: "My e-books" })).toBeVisible();
  const owned = page.getByRole("article", { name: ebook.title });
  await expect(owned).toContainText(/Bought \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(owned.getByRole("link", { name: `Read ${ebook.title}` })).toHaveAttribute(
    "href",
    `/ebook/${ebook.id}/read`,
  );
  await expect(page.getByRole("article")).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "ebook-library-desktop");
});

test("another customer's order, invoice and e-book page are not found", async ({ page, browser }) => {
  await page.goto("/");
  await signUpNewCustomer(page, "Order Owner");
  const book = await bookWithStock(page);
  await addToCart(page, book.id);
  const placed = await page.request.post("/api/checkout", {
    data: {
      name: "Order Owner",
      phone: "01711111111",
      district: "Dhaka",
      area: "Banani",
      address: "Road 11, House 3",
      paymentMethod: "cod",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { tranx, orderId } = ((await placed.json()) as { data: { tranx: string; orderId: number } }).data;
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
    data: { invoiceId: number };
  };
  const ebookList = await page.request.get("/api/ebooks?limit=1");
  const ebookId = ((await ebookList.json()) as { data: { items: { id: number }[] } }).data.items[0]!.id;

  const other = await browser.newPage();
  try {
    await other.goto("/");
    await signUpNewCustomer(other, "Someone Else");
    for (const path of [
      `/payment/${tranx}/success`,
      `/orders/${orderId}`,
      `/invoice/${order.data.invoiceId}`,
      `/ebook/payment/${ebookId}/success`,
    ]) {
      const res = await other.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(other.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    }
  } finally {
    await other.close();
  }

  // Signed out, the success page asks to sign in and keeps the way back.
  await page.context().clearCookies();
  await page.goto(`/payment/${tranx}/success`);
  await expect(page).toHaveURL(`/auth/login?redirect=${encodeURIComponent(`/payment/${tranx}/success`)}`);
});

test("checkout and success pages fit a 360 px phone and pass axe", async ({ page }) => {
  test.slow();
  await page.setViewportSize(MOBILE);
  await page.goto("/");
  await signUpNewCustomer(page, "Jannatul Ferdous");
  const first = await bookWithStock(page);
  const second = await bookWithStock(page, 2, [first.id]);
  await addToCart(page, first.id);
  await addToCart(page, second.id);

  await page.goto("/cart/checkout");
  await waitForApp(page);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "checkout-360");

  await page.getByLabel("District").selectOption("Chattogram");
  await expect(
    row(page.getByRole("region", { name: "Order summary" }), /^Delivery to Chattogram$/),
  ).toContainText("৳100");
  await fillAddress(page, { area: "Agrabad", address: "Flat 4B, CDA Avenue" });
  await page.getByRole("radio", { name: /Online payment/ }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await onSandboxPress(page, "Pay", first.price + second.price + 10_000);

  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "payment-success-360");

  await page.getByRole("link", { name: "View invoice" }).click();
  await expect(page.getByText(/^INV-\d{4}-\d{6}$/)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "invoice-360");

  await page.goto("/orders");
  await waitForApp(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, "orders-360");
});
