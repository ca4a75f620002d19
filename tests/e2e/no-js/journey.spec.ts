import { expect, expectNoHorizontalOverflow, shot, test } from "../helpers";

// The whole purchase with JavaScript off on a 360 px phone (decision 53): every step is a link or a
// form the server answers. A new customer is made through the API in a request context of its own,
// so the page itself starts signed out and signs in with the form.

/** The message a form's action left for the page (the flash, in the toaster's region). */
const said = (page: import("@playwright/test").Page, text: string | RegExp) =>
  page.getByRole("status").filter({ hasText: text });

test("search, open a book, add to cart, sign in, check out with cash on delivery, see the order", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const phone = `019${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
  const api = await playwright.request.newContext({ baseURL });
  const made = await api.post("/api/auth/register", {
    data: { name: "Rafiq Islam", phone, password: "secret123", hsc_batch: "HSC 2025" },
  });
  expect(made.status(), await made.text()).toBe(201);
  await api.dispose();

  // Search from the header: a GET form.
  await page.goto("/");
  const search = page.getByRole("combobox", { name: "Search books, e-books and more" });
  await search.fill("physics");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=physics/);
  await expectNoHorizontalOverflow(page);

  // Open a book from the results (one in stock) and add it: signed out, to sign in first.
  // A printed book in stock among the results: its card has an Add to cart form for a book.
  const id = await page
    .locator('form[action="/cart/add"]:has(input[name="type"][value="book"]) input[name="bookId"]')
    .first()
    .getAttribute("value");
  await page.locator(`a[href^="/book/${id}"]`).first().click();
  await expect(page).toHaveURL(/\/book\/\d+/);
  const bookUrl = new URL(page.url()).pathname;
  const title = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
  await page.getByRole("button", { name: "Add to cart", exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await expect(said(page, "Sign in to add it to your cart")).toBeVisible();
  await shot(page, "no-js-sign-in");

  // Sign in with the form: back on the book's page, and the add was made.
  await page.getByLabel("Phone or email").fill(phone);
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(bookUrl);
  await expect(said(page, "Added to cart")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();

  // The cart: one more copy, then to checkout.
  await page.getByRole("link", { name: "Cart, 1 item" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cart" })).toBeVisible();
  await page.getByRole("button", { name: `One more ${title}` }).click();
  await expect(said(page, "Quantity updated")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByRole("link", { name: "Proceed to checkout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();

  // Checkout: the address and cash on delivery, placed by the form.
  await page.getByLabel("Area / thana").fill("Mirpur");
  await page.getByLabel("Address").fill("House 3, Road 7");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-checkout");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();
  const number = (
    (await page.getByRole("heading", { level: 2, name: /^Order #\d+$/ }).textContent()) ?? ""
  ).replace("Order #", "");

  // The order in /orders.
  await page.goto("/orders");
  const card = page.getByRole("article", { name: `Order #${number}` });
  await expect(card).toContainText("Cash on delivery");
  await expect(card).toContainText(title);
  await shot(page, "no-js-orders");
});
