import type { Page } from "@playwright/test";
import { formatTaka } from "../../src/contracts/money";
import { bookWithStock, expect, signUpNewCustomer, test, waitForApp } from "./helpers";

// With JavaScript the checkout sends POST /api/checkout with the key of the cart the page shows
// (contracts/cart-key.ts): a double click and a second tab place one order, and a cart changed in
// another tab is refused with nothing charged, the page showing the cart as it now is.

async function customerWithBooks(page: Page, name: string, count: number) {
  await page.goto("/");
  await signUpNewCustomer(page, name);
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
  return books;
}

async function openCheckout(page: Page) {
  await page.goto("/cart/checkout");
  await waitForApp(page);
  await page.getByLabel("Area / thana").fill("Dhanmondi");
  await page.getByLabel("Address", { exact: true }).fill("House 12, Road 5");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
}

const orderCount = async (page: Page) =>
  ((await (await page.request.get("/api/orders")).json()) as { data: unknown[] }).data.length;

test("a cart changed in another tab is refused with nothing charged; a double click then places one order", async ({
  page,
}) => {
  const [first, second] = await customerWithBooks(page, "Stale Tab", 2);
  await openCheckout(page);
  const cart = (await (await page.request.get("/api/cart/info")).json()) as {
    data: { lines: { id: number; productId: number }[] };
  };
  const line = cart.data.lines.find((l) => l.productId === second!.id)!;
  expect((await page.request.delete("/api/cart", { data: { id: line.id } })).status()).toBe(200);

  await page.getByRole("button", { name: "Place order" }).click();
  const refused = page.getByRole("alert").filter({ hasText: "Your order was not placed" });
  await expect(refused).toContainText("Your cart has changed since this page was opened");
  await expect(refused).toContainText("Nothing was charged");
  // The summary is read again: the line taken out in the other tab is gone, what was typed kept.
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).not.toContainText(second!.title);
  await expect(summary).toContainText(formatTaka(first!.price + 6_000));
  await expect(page.getByLabel("Area / thana")).toHaveValue("Dhanmondi");
  expect(await orderCount(page)).toBe(0);

  await page.getByRole("button", { name: "Place order" }).dblclick();
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();
  expect(await orderCount(page)).toBe(1);
});

test("the same cart placed from two tabs lands both on one order", async ({ page, context }) => {
  await customerWithBooks(page, "Two Tabs Scripted", 1);
  const other = await context.newPage();
  await openCheckout(page);
  await openCheckout(other);

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();
  await other.getByRole("button", { name: "Place order" }).click();
  await expect(other.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();
  expect(new URL(other.url()).pathname).toBe(new URL(page.url()).pathname);
  expect(await orderCount(page)).toBe(1);
});
