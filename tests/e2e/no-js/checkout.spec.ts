import type { Page } from "@playwright/test";
import { formatTaka } from "../../../src/contracts/money";
import { bookWithStock, expect, expectNoHorizontalOverflow, shot, signUpNewCustomer, test } from "../helpers";

// The checkout with JavaScript off on a 360 px phone (decision 53): the form posts to the page's
// action, which places the order through the checkout's service and answers with a redirect (the
// confirmation, or the gateway's page), or with the page again: each field's message and what was
// typed, a district priced, a saved address filled in, a cart changed in another tab refused.

/** The message a form's action left for the page (the flash, in the toaster's region). */
const said = (page: Page, text: string | RegExp) =>
  page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: text });

/** One row of the order summary: its <dt> and <dd>. */
const row = (page: Page, name: RegExp) =>
  page
    .getByRole("region", { name: "Order summary" })
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: name }) });

/** A new customer with printed books in the cart (through the API, in the browser's own cookies). */
async function customerWithBooks(page: Page, name: string, count = 1) {
  await page.goto("/");
  const buyer = await signUpNewCustomer(page, name);
  const books = [];
  for (let i = 0; i < count; i++) {
    const book = await bookWithStock(
      page,
      3,
      books.map((b) => b.id),
    );
    const added = await page.request.post("/api/cart", {
      data: { bookId: book.id, quantity: 1, source: "e2e", type: "book" },
    });
    expect(added.status(), await added.text()).toBe(201);
    books.push(book);
  }
  return { ...buyer, books };
}

async function fillAddress(page: Page, area = "Mirpur", address = "House 3, Road 7") {
  await page.getByLabel("Area / thana").fill(area);
  await page.getByLabel("Address", { exact: true }).fill(address);
}

/** The order number on the confirmation's "Order #N" heading. */
async function orderNumberOn(page: Page) {
  const heading = page.getByRole("heading", { level: 2, name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();
  return ((await heading.textContent()) ?? "").replace("Order #", "");
}

test("cash on delivery from a cart with a printed book: the confirmation, then the order in /orders", async ({
  page,
}) => {
  const { books } = await customerWithBooks(page, "Rahima Khatun");
  const [book] = books;
  await page.goto("/cart/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Rahima Khatun");
  // A printed book alone: cash on delivery is chosen first; the button says where it goes, by CSS alone.
  await expect(page.getByRole("radio", { name: /Cash on delivery/ })).toBeChecked();
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
  await fillAddress(page);
  await page.getByLabel("Note (optional)").fill("Call before coming");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-checkout-cod-360");

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/payment\/[^/]+\/success$/);
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();
  await expect(said(page, "Your order is placed")).toBeVisible();
  await expect(page.getByText(`keep ${formatTaka(book!.price + 6_000)} ready`)).toBeVisible();
  const number = await orderNumberOn(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-checkout-confirmed-360");

  await said(page, "Your order is placed").getByRole("link", { name: "My orders" }).click();
  await expect(page).toHaveURL("/orders");
  const card = page.getByRole("article", { name: `Order #${number}` });
  await expect(card).toContainText("Cash on delivery");
  await expect(card).toContainText(book!.title);
  await expect(page.getByRole("article")).toHaveCount(1);
  await shot(page, "no-js-checkout-orders-360");

  // The order's own page, and "Buy again": its book back in the (emptied) cart.
  await card.getByRole("link", { name: "Details" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order #${number}` })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Your parcel" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByRole("button", { name: "Buy again" }).click();
  await expect(page).toHaveURL("/cart");
  await expect(said(page, "Added to cart")).toBeVisible();
  await expect(page.locator("main")).toContainText(book!.title);
});

test("refused by the server: the page again with the field's message and everything typed kept", async ({
  page,
}) => {
  await customerWithBooks(page, "Kamal Uddin");
  await page.goto("/cart/checkout");
  // Long enough for the browser's own check, not a Bangladeshi mobile: the server says so.
  await page.getByLabel("Phone number").fill("1234567890");
  await fillAddress(page, "Agrabad", "Flat 4B, CDA Avenue");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Your order was not placed" })).toContainText(
    "Please check the highlighted fields",
  );
  const phone = page.getByLabel("Phone number");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Invalid phone number")).toBeVisible();
  await expect(phone).toHaveValue("1234567890");
  await expect(page.getByLabel("Area / thana")).toHaveValue("Agrabad");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Flat 4B, CDA Avenue");
  await expect(page.getByRole("radio", { name: /Cash on delivery/ })).toBeChecked();
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-checkout-refused-360");

  await phone.fill("01812345678");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();
});

test("a district priced by its button, then online payment on the sandbox gateway's page", async ({
  page,
}) => {
  const { books } = await customerWithBooks(page, "Sharmin Akter");
  const [book] = books;
  await page.goto("/cart/checkout");
  await fillAddress(page, "Zindabazar", "Holding 21, Lamabazar Road");
  await page.getByLabel("District").selectOption("Sylhet");
  await page.getByRole("button", { name: "Update the delivery charge" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Delivery is now priced" })).toBeVisible();
  await expect(row(page, /^Delivery to Sylhet$/)).toContainText("৳100");
  await expect(row(page, /^Total$/)).toContainText(formatTaka(book!.price + 10_000));
  await expect(page.getByLabel("Area / thana")).toHaveValue("Zindabazar");
  await expect(page.getByLabel("District")).toHaveValue("Sylhet");
  await shot(page, "no-js-checkout-district-360");

  await page.getByRole("radio", { name: /Online payment/ }).check();

  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\//);
  await expect(page.getByText(formatTaka(book!.price + 10_000), { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
  await orderNumberOn(page);
});

test("a district changed without its button is priced first, and the order placed with the next tap", async ({
  page,
}) => {
  const { books } = await customerWithBooks(page, "Habib Rahman");
  const [book] = books;
  await page.goto("/cart/checkout");
  await fillAddress(page, "Sonadanga", "Road 2, House 9");
  await page.getByLabel("District").selectOption("Khulna");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Delivery is now priced" })).toBeVisible();
  await expect(row(page, /^Total$/)).toContainText(formatTaka(book!.price + 10_000));
  await expect(page.getByRole("radio", { name: /Cash on delivery/ })).toBeChecked();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();
  await expect(page.getByText(`keep ${formatTaka(book!.price + 10_000)} ready`)).toBeVisible();
});

test("a saved address is filled in by its button", async ({ page }) => {
  await customerWithBooks(page, "Address Chooser");
  for (const [district, area, address] of [
    ["Rajshahi", "Boalia", "Shaheb Bazar, House 4"],
    ["Dhaka", "Banani", "Road 11, House 3"],
  ] as const) {
    const saved = await page.request.post("/api/addresses", {
      data: { name: "Address Chooser", phone: "01911111111", district, area, address },
    });
    expect(saved.status(), await saved.text()).toBe(201);
  }
  await page.goto("/cart/checkout");
  // The default (the first saved) is filled in.
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Shaheb Bazar, House 4");
  await expect(row(page, /^Delivery to Rajshahi$/)).toBeVisible();
  await page.getByLabel("Saved addresses").selectOption({ label: "Road 11, House 3, Banani, Dhaka" });
  await page.getByRole("button", { name: "Use the saved address" }).click();
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Road 11, House 3");
  await expect(page.getByLabel("District")).toHaveValue("Dhaka");
  await expect(row(page, /^Delivery to Dhaka$/)).toContainText("৳60");
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-checkout-saved-address-360");

  // Another chosen without its button: filled in first, not placed to the address still showing.
  await page.getByLabel("Saved addresses").selectOption({ label: "Shaheb Bazar, House 4, Boalia, Rajshahi" });
  await page.getByRole("radio", { name: /Online payment/ }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The saved address is filled in" })).toBeVisible();
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Shaheb Bazar, House 4");
  await expect(row(page, /^Delivery to Rajshahi$/)).toBeVisible();
  expect((await (await page.request.get("/api/orders")).json()).data).toHaveLength(0);
});

test("two tabs and a double tap: one order; a cart changed in another tab is refused with nothing charged", async ({
  page,
  context,
}) => {
  test.slow();
  const { books } = await customerWithBooks(page, "Two Tabs", 2);
  const [first, second] = books;
  const other = await context.newPage();
  await page.goto("/cart/checkout");
  await other.goto("/cart/checkout");

  // Another tab takes a line out: this tab's order is refused, the cart shown again as it is now.
  const cart = (await (await page.request.get("/api/cart/info")).json()) as {
    data: { lines: { id: number; productId: number }[] };
  };
  const line = cart.data.lines.find((l) => l.productId === second!.id)!;
  expect((await page.request.delete("/api/cart", { data: { id: line.id } })).status()).toBe(200);
  await fillAddress(page, "Dhanmondi", "House 12, Road 5");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  const refused = page.getByRole("alert").filter({ hasText: "Your order was not placed" });
  await expect(refused).toContainText("Your cart has changed since this page was opened");
  await expect(refused).toContainText("Nothing was charged");
  await expect(page.getByRole("region", { name: "Order summary" })).not.toContainText(second!.title);
  await expect(row(page, /^Total$/)).toContainText(formatTaka(first!.price + 6_000));
  await expect(page.getByLabel("Area / thana")).toHaveValue("Dhanmondi");
  expect((await (await page.request.get("/api/orders")).json()).data).toHaveLength(0);
  await shot(page, "no-js-checkout-cart-changed-360");

  // Placed from this tab with a double tap, then from the other tab (opened on the same cart):
  // the other tab lands on the same order.
  await other.reload();
  await fillAddress(other, "Dhanmondi", "House 12, Road 5");
  await other.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: "Place order" }).dblclick();
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();
  const number = await orderNumberOn(page);
  await other.getByRole("button", { name: "Place order" }).click();
  await expect(other.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();
  expect(await orderNumberOn(other)).toBe(number);

  await page.goto("/orders");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article", { name: `Order #${number}` })).toContainText(first!.title);
});
