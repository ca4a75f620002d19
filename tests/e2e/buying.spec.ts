import type { Page } from "@playwright/test";
import {
  bookWithStock,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  headerSignIn,
  MOBILE,
  shot,
  signUpNewCustomer,
  submitSignIn,
  test,
  waitForApp,
} from "./helpers";

// No dead ends in buying, on a 360 px phone: an add tapped while signed out, a double tap, a
// confirmed order cancelled, Notify me on an out-of-stock book, and a digital checkout without an
// address. A fresh account per test, so no other test's cart or orders count.
test.use({ viewport: MOBILE });

async function cartLines(page: Page) {
  const res = await page.request.get("/api/cart/info");
  return ((await res.json()) as { data: { lines: { productId: number; quantity: number }[] } }).data.lines;
}

/** An out-of-stock printed book of the demo catalogue (some are seeded with none). */
async function outOfStockBook(page: Page) {
  const list = await page.request.get("/api/books?limit=100&sort=newest");
  const items = (
    (await list.json()) as {
      data: { items: { id: number; inStock: boolean; availability: { state: string } }[] };
    }
  ).data.items;
  // Out of stock, not out of print (whose button says so, and which the demo has too).
  const gone = items.find((i) => !i.inStock && i.availability.state === "out_of_stock");
  if (!gone) throw new Error("no out-of-stock book in the demo catalogue");
  const res = await page.request.get(`/api/books/${gone.id}`);
  return ((await res.json()) as { data: { id: number; url: string; title: string } }).data;
}

test("an add tapped while signed out is in the cart after signing in", async ({ page }) => {
  await page.goto("/");
  const { phone } = await signUpNewCustomer(page, "Pending Adder");
  const book = await bookWithStock(page);
  await page.context().clearCookies();

  await page.goto(book.url);
  await waitForApp(page);
  await expect(page.getByTestId("delivery-estimate")).toContainText(
    /Arrives .+ inside Dhaka, .+ outside Dhaka/,
  );
  await shot(page, "buying-book-signed-out-mobile");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await waitForApp(page);
  await submitSignIn(page.getByRole("main"), phone, "secret123");

  // Back on the book's page, the add made: the button says so and links to the cart.
  await expect(page).toHaveURL(book.url);
  const added = page.getByRole("link", { name: "Added ✓ — View cart" });
  await expect(added).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "buying-added-mobile");
  await added.click();
  await expect(page).toHaveURL("/cart");
  const items = page.getByRole("region", { name: "Items in your cart" });
  await expect(items.getByRole("link", { name: book.title })).toBeVisible();
  await expect(items.getByLabel(`Quantity of ${book.title}`)).toHaveText("1");
  await expect(page.getByTestId("delivery-estimate")).toHaveText(/^Arrives \d{1,2}/);
  await expectNoHorizontalOverflow(page);
  await shot(page, "buying-cart-mobile");
});

test("an add tapped while signed out is made after signing in with the header's dialog too", async ({
  page,
}) => {
  await page.goto("/");
  const { phone } = await signUpNewCustomer(page, "Dialog Adder");
  const book = await bookWithStock(page);
  await page.context().clearCookies();

  await page.goto(book.url);
  await waitForApp(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  // The visitor goes back to the book and signs in from the header instead.
  await page.goBack();
  await expect(page).toHaveURL(book.url);
  await waitForApp(page);
  await headerSignIn(page).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await submitSignIn(dialog, phone, "secret123");
  await expect(page.getByRole("link", { name: "Added ✓ — View cart" })).toBeVisible();
  await expect
    .poll(async () => (await cartLines(page)).find((l) => l.productId === book.id)?.quantity)
    .toBe(1);
});

test("a double tap on Add to cart adds one copy", async ({ page }) => {
  await page.goto("/");
  await signUpNewCustomer(page, "Double Tapper");
  const book = await bookWithStock(page, 3);
  await page.goto(book.url);
  await waitForApp(page);
  const add = page.getByRole("button", { name: "Add to cart" });
  // Two taps in the same moment, before the page can re-render between them.
  await add.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByRole("link", { name: "Added ✓ — View cart" })).toBeVisible();
  await expect
    .poll(async () => (await cartLines(page)).find((l) => l.productId === book.id)?.quantity)
    .toBe(1);
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
});

test("a confirmed order is cancelled from My orders after confirming", async ({ page }) => {
  await page.goto("/");
  const { phone } = await signUpNewCustomer(page, "Cancelling Buyer");
  const book = await bookWithStock(page);
  const add = await page.request.post("/api/cart", {
    data: { bookId: book.id, source: "e2e", type: "book" },
  });
  expect(add.status()).toBe(201);
  const placed = await page.request.post("/api/checkout", {
    data: {
      name: "Cancelling Buyer",
      phone,
      district: "Dhaka",
      area: "Mirpur",
      address: "House 3, Road 9",
      paymentMethod: "cod",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  await page.goto("/orders");
  await waitForApp(page);
  const card = page.getByRole("article", { name: /^Order #\d+$/ });
  await expect(card).toContainText("Confirmed");
  await card.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("dialog", { name: /^Cancel order \d+\?$/ });
  await expect(dialog).toBeVisible();
  await shot(page, "buying-cancel-dialog-mobile", { fullPage: false });
  await dialog.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Order \d+ cancelled/ })).toBeVisible();
  await expect(card).toContainText("Cancelled");
  await expect(card.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
});

test("an out-of-stock book offers Notify me", async ({ page }) => {
  await page.goto("/");
  await signUpNewCustomer(page, "Waiting Reader");
  const book = await outOfStockBook(page);
  await page.goto(book.url);
  await waitForApp(page);
  await expect(page.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  await page.getByRole("button", { name: "Notify me" }).click();
  await expect(page.getByText("We will text you when it is back ✓")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "buying-notify-me-mobile");
  // Remembered: the page says so when opened again.
  await page.reload();
  await waitForApp(page);
  await expect(page.getByText("We will text you when it is back ✓")).toBeVisible();
});

test("an e-book is checked out without an address", async ({ page }) => {
  await page.goto("/");
  await signUpNewCustomer(page, "Digital Buyer");
  const list = await page.request.get("/api/ebooks?limit=5");
  const ebook = ((await list.json()) as { data: { items: { id: number; title: string }[] } }).data.items[1]!;
  const add = await page.request.post("/api/cart", {
    data: { bookId: ebook.id, source: "e2e", type: "ebook" },
  });
  expect(add.status(), await add.text()).toBe(201);

  await page.goto("/cart/checkout");
  await waitForApp(page);
  await expect(page.getByLabel("Full name")).toBeVisible();
  await expect(page.getByLabel("Address")).toHaveCount(0);
  await expect(page.getByLabel("District")).toHaveCount(0);
  await expect(page.getByText("no address needed")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "buying-digital-checkout-mobile");
  await page.getByRole("radio", { name: /Online payment/ }).check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\//);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
});

test("the address book: kept from an order, filled in at checkout, managed in the profile", async ({
  page,
}) => {
  await page.goto("/");
  const { phone } = await signUpNewCustomer(page, "Address Keeper");
  const book = await bookWithStock(page, 3);
  const add = () =>
    page.request.post("/api/cart", { data: { bookId: book.id, source: "e2e", type: "book" } });
  expect((await add()).status()).toBe(201);
  const placed = await page.request.post("/api/checkout", {
    data: {
      name: "Address Keeper",
      phone,
      district: "Sylhet",
      area: "Zindabazar",
      address: "Shahjalal Hall, Room 204",
      paymentMethod: "cod",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  // The next checkout opens with that address.
  expect((await add()).status()).toBe(201);
  await page.goto("/cart/checkout");
  await waitForApp(page);
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Shahjalal Hall, Room 204");
  await expect(page.getByLabel("District")).toHaveValue("Sylhet");
  await expect(page.getByLabel("Saved addresses")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "buying-checkout-saved-address-mobile");

  // A second address from the profile, made the default.
  await page.goto("/profile");
  await waitForApp(page);
  const addressBook = page.getByRole("region", { name: "Address book" });
  await expect(addressBook).toContainText("Shahjalal Hall, Room 204");
  await addressBook.getByRole("button", { name: "Add an address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an address" });
  await dialog.getByLabel("District").selectOption("Dhaka");
  await dialog.getByLabel("Area / thana").fill("Mirpur");
  await dialog.getByLabel("Address", { exact: true }).fill("House 7, Road 2, Section 10");
  await dialog.getByLabel("Make this my default address").check();
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog).toBeHidden();
  const items = addressBook.getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("House 7, Road 2, Section 10");
  await expect(items.first()).toContainText("Default");
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "buying-address-book-mobile");

  // Deleting asks first.
  await items.nth(1).getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this address?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(items).toHaveCount(1);
});
