import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoHorizontalOverflow, shot, submitSignIn, test } from "../helpers";
import { CUSTOMER } from "../support";

// A review, a cancelled order and Notify me with JavaScript off on a 360 px phone (decision 53):
// each is a form its page's action (or /orders, /notify) answers with a redirect and a message.

/** The message a form's action left for the page (the flash, in the toaster's region). */
const said = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

/** A new customer, made through the API in a request context of its own (the page stays signed out). */
async function newCustomer(api: APIRequestContext, name: string) {
  const phone = `019${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
  const made = await api.post("/api/auth/register", {
    data: { name, phone, password: "secret123", hsc_batch: "HSC 2025" },
  });
  expect(made.status(), await made.text()).toBe(201);
  return phone;
}

test("the demo customer signs in from a book's reviews and posts one; refused, the text stays", async ({
  page,
}) => {
  // The second dearest book: the dearest is the reviews test's with JavaScript.
  const list = await page.request.get("/api/books?sort=price_desc&limit=2");
  const book = ((await list.json()) as { data: { items: { url: string; title: string }[] } }).data.items[1]!;

  await page.goto(book.url);
  const reviews = page.getByRole("region", { name: "Reviews" });
  await expect(reviews.getByText("No reviews yet.")).toBeVisible();
  // Nothing is loading without scripts.
  await expect(reviews.getByText("Loading reviews…")).toHaveCount(0);
  await reviews.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`/auth/login?redirect=${encodeURIComponent(book.url)}`);
  await submitSignIn(page.getByRole("main"), CUSTOMER.phone, CUSTOMER.password);
  await expect(page).toHaveURL(book.url);

  // A browser that does not check the form sends it without stars: the page says why and keeps the text.
  const text = "Every chapter ends with solved board questions.";
  await reviews.getByLabel("Your review (optional)").fill(text);
  await reviews.locator("form").evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await reviews.getByRole("button", { name: "Post review" }).click();
  await expect(page).toHaveURL(`${book.url}#reviews`);
  await expect(reviews.getByText("Choose a rating from 1 to 5")).toBeVisible();
  await expect(reviews.getByLabel("Your review (optional)")).toHaveValue(text);
  await expectNoHorizontalOverflow(page);
  await reviews.getByRole("button", { name: "Post review" }).scrollIntoViewIfNeeded();
  await shot(page, "no-js-review-refused", { fullPage: false });

  // Four stars light the first four, by CSS alone.
  await reviews.locator("label", { hasText: "4 stars" }).click();
  const star = (i: number) =>
    reviews
      .locator("label.star > span")
      .nth(i)
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  const lit = await star(3);
  expect(await star(0)).toBe(lit);
  expect(await star(4)).not.toBe(lit);
  await shot(page, "no-js-review-form", { fullPage: false });
  await reviews.getByRole("button", { name: "Post review" }).click();
  await expect(said(page, "Thank you for your review")).toBeVisible();
  await expect(reviews.getByText("4.0 out of 5 · 1 review")).toBeVisible();
  await expect(page.getByRole("link", { name: /4\.0 \(1 review\)/ })).toBeVisible();
  await reviews.scrollIntoViewIfNeeded();
  await shot(page, "no-js-review-posted", { fullPage: false });

  // Found by its title and narrowed to its publisher with the filter form (a GET form, no
  // scripts), its card says so too: one star, the average and the count, in words for a screen reader.
  const detail = await page.request.get(book.url.replace("/book/", "/api/books/"));
  const { publisher } = ((await detail.json()) as { data: { book: { publisher: string } } }).data.book;
  await page.goto(`/search?q=${encodeURIComponent(book.title)}`);
  const filters = page.locator("details").filter({ hasText: "Filter and sort" });
  await filters.getByText("Filter and sort").click();
  await filters.getByLabel("Publisher").selectOption(publisher);
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]publisher=/);
  expect(new URL(page.url()).searchParams.get("publisher")).toBe(publisher);
  await expect(filters.getByText("1 active")).toBeAttached();
  const card = page.getByRole("link", { name: /4\.0 out of 5 · 1 review/ });
  await expect(card).toContainText(book.title);
  await expect(card).toContainText("4.0 (1)");
  await expectNoHorizontalOverflow(page);
  await card.scrollIntoViewIfNeeded();
  await shot(page, "no-js-card-rating", { fullPage: false });

  // The forgotten-cart SMS, which the demo customer is opted in to, is turned off and on again in
  // the profile (a form).
  await page.goto("/profile");
  const texts = page.getByRole("region", { name: "Text messages" });
  await expect(texts.getByText("Cart reminder: on")).toBeVisible();
  await texts.getByRole("button", { name: "Turn off" }).click();
  await expect(said(page, "No more texts about a cart you leave")).toBeVisible();
  await expect(texts.getByText("Cart reminder: off")).toBeVisible();
  await texts.getByRole("button", { name: "Turn on" }).click();
  await expect(said(page, "We will text you once about a cart you leave")).toBeVisible();
  await expect(texts.getByText("Cart reminder: on")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await texts.scrollIntoViewIfNeeded();
  await shot(page, "no-js-cart-reminder-on", { fullPage: false });
});

test("a confirmed order is cancelled from My orders after confirming", async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const phone = await newCustomer(api, "Sharmin Akter");
  const books = await api.get("/api/books?inStock=true&sort=best_selling&limit=10");
  const { id } = ((await books.json()) as { data: { items: { id: number }[] } }).data.items[3]!;
  expect((await api.post("/api/cart", { data: { bookId: id, source: "e2e", type: "book" } })).status()).toBe(
    201,
  );
  const placed = await api.post("/api/checkout", {
    data: {
      name: "Sharmin Akter",
      phone,
      district: "Dhaka",
      area: "Mirpur",
      address: "House 3",
      paymentMethod: "cod",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const number = ((await placed.json()) as { data: { orderNumber: string } }).data.orderNumber;
  // The page signs in with the same session.
  await page.context().addCookies((await api.storageState()).cookies);
  await api.dispose();

  await page.goto("/orders");
  const card = page.getByRole("article", { name: `Order #${number}` });
  await expect(card).toContainText("Confirmed");
  // The confirmation opens below the button, in the card.
  await card.getByText("Cancel order", { exact: true }).click();
  await expect(card.getByText(`Cancel order ${number}?`)).toBeVisible();
  await expect(card.getByText(/This cannot be undone\./)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-cancel-confirm");
  await card.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page).toHaveURL("/orders");
  await expect(said(page, `Order ${number} cancelled`)).toBeVisible();
  await expect(card).toContainText("Cancelled");
  await expect(card.getByText("Cancel order", { exact: true })).toHaveCount(0);
  await shot(page, "no-js-cancelled");
});

test("Notify me on an out-of-stock book: signed out, to sign in and back, and the alert is made", async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const phone = await newCustomer(api, "Tahmid Hasan");
  await api.dispose();
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
  const book = ((await res.json()) as { data: { id: number; url: string } }).data;

  await page.goto(book.url);
  await expect(page.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  await page.getByRole("button", { name: "Notify me" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await expect(said(page, "Sign in to be told when it is back")).toBeVisible();
  await shot(page, "no-js-notify-sign-in");
  await submitSignIn(page.getByRole("main"), phone, "secret123");

  // Back on the book: the first page signed in made the alert.
  await expect(page).toHaveURL(book.url);
  await expect(said(page, "We will text you when it is back")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-notify-me");
  const state = await page.request.get(`/api/stock-alerts/${book.id}`);
  expect(((await state.json()) as { data: { subscribed: boolean } }).data.subscribed).toBe(true);
  // Asked again: once is enough.
  await page.getByRole("button", { name: "Notify me" }).click();
  await expect(said(page, "You will be told already")).toBeVisible();
});
