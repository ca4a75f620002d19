import { formatTaka } from "../../src/contracts/money";
import {
  bookWithStock,
  expect,
  expectNoHorizontalOverflow,
  MOBILE,
  runAxe,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";

// Runs on the demo catalogue and the demo coupons (src/server/seed/coupons.ts: WELCOME10 is
// 10% off, at most ৳200). A fresh account per run, so no other test's cart or coupon use counts.

test("a customer adds a book, changes the quantity, applies a coupon, picks a district, and saves one for later", async ({
  page,
}) => {
  await page.goto("/");
  await signUpNewCustomer(page, "Cart Tester");
  const book = await bookWithStock(page);

  // From the book's page.
  await page.goto(book.url);
  await waitForApp(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to cart" })).toBeVisible();
  const cartLink = page.getByRole("link", { name: "Cart, 1 item" });
  await expect(cartLink).toBeVisible();

  // The cart page.
  await cartLink.click();
  await expect(page).toHaveURL("/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Cart" })).toBeVisible();
  const items = page.getByRole("region", { name: "Items in your cart" });
  await expect(items.getByRole("link", { name: book.title })).toBeVisible();
  const summary = page.getByRole("region", { name: "Order summary" });
  const row = (name: RegExp) =>
    summary.locator("dl > div").filter({ has: page.locator("dt", { hasText: name }) });
  await expect(row(/^Subtotal/)).toContainText(formatTaka(book.price));
  await expect(row(/^Delivery$/)).toContainText("৳60");

  // Two of them.
  await items.getByRole("button", { name: `One more ${book.title}` }).click();
  await expect(items.getByLabel(`Quantity of ${book.title}`)).toHaveText("2");
  await expect(row(/^Subtotal \(2 items\)$/)).toContainText(formatTaka(book.price * 2));
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  // A code that does not exist: the server's words in a destructive toast titled Error.
  await summary.getByLabel("Coupon code").fill("NOSUCHCODE");
  await summary.getByRole("button", { name: "Apply" }).click();
  const error = page.getByRole("alert").filter({ hasText: "Error" });
  await expect(error).toContainText("This coupon does not exist");

  // The demo coupon, typed in lower case.
  await summary.getByLabel("Coupon code").fill("welcome10");
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Coupon applied successfully" })).toBeVisible();
  const discount = Math.min(Math.floor((book.price * 2 * 10) / 100), 20_000);
  await expect(row(/^Discount$/)).toContainText(formatTaka(discount));
  await expect(row(/^Total$/)).toContainText(formatTaka(book.price * 2 - discount + 6_000));

  // Outside Dhaka: the delivery charge is swapped into the total at once.
  await summary.getByLabel("Delivery district").selectOption("Sylhet");
  await expect(row(/^Delivery$/)).toContainText("৳100");
  await expect(row(/^Total$/)).toContainText(formatTaka(book.price * 2 - discount + 10_000));
  await expect(summary.getByText("Outside Dhaka")).toBeVisible();
  await shot(page, "cart-desktop");

  // Remembered: a reload prices for Sylhet again.
  await page.reload();
  await waitForApp(page);
  await expect(summary.getByLabel("Delivery district")).toHaveValue("Sylhet");
  await expect(row(/^Delivery$/)).toContainText("৳100");

  const axe = await runAxe(page);
  expect(
    axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
    "serious or critical accessibility violations",
  ).toEqual([]);

  await page.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(page);
  await shot(page, "cart-360");

  // Removing the line leaves the empty cart, which leads back to the shop.
  await items.getByRole("button", { name: `Remove ${book.title}` }).click();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse the shop" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();

  // Saved for later from a card, still 360 px wide, then moved to the cart from the wishlist.
  await page.goto(`/search?q=${encodeURIComponent(book.title)}`);
  await waitForApp(page);
  const heart = page.getByRole("button", { name: `Save for later: ${book.title}` }).first();
  await heart.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved to your wishlist" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Saved: ${book.title}` }).first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // The demo's book on pre-order, saved too: its line says so in the availability rule's words.
  const newest = await page.request.get("/api/books?limit=100&sort=newest");
  const cards = (await newest.json()) as {
    data: { items: { id: number; title: string; availability: { state: string } }[] };
  };
  const pre = cards.data.items.find((c) => c.availability.state === "preorder");
  if (!pre) throw new Error("the demo catalogue has no book on pre-order");
  expect((await page.request.post("/api/wishlist", { data: { productId: pre.id } })).status()).toBe(201);
  await page.goto("/wishlist");
  await expect(page.getByRole("heading", { level: 1, name: "My wishlist" })).toBeVisible();
  await expect(page.getByRole("link", { name: book.title })).toBeVisible();
  const preLine = page.getByRole("listitem", { name: pre.title });
  await expect(preLine.getByTestId("wishlist-availability")).toHaveText(
    /^Pre-order, releases on \d{1,2} \w{3} \d{4} · Saved /,
  );
  await expectNoHorizontalOverflow(page);
  await shot(page, "wishlist-360");
  await page.getByRole("button", { name: `Move to cart: ${book.title}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Moved to your cart" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await expect(page.getByRole("link", { name: book.title })).toHaveCount(0);
  await expect(preLine).toBeVisible();
});
