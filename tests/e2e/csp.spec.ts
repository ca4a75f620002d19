import { accountMenu, bookWithStock, expect, headerSignIn, submitSignIn, test, waitForApp } from "./helpers";
import { CUSTOMER } from "./support";

// The helpers' test fails on any Content-Security-Policy violation Chromium reports.

test("pages carry a Content-Security-Policy whose nonce every inline script holds", async ({ page }) => {
  const first = await page.goto("/");
  const policy = first?.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("script-src 'self' 'nonce-");
  expect(policy).toContain("object-src 'none'");
  // Course videos: the two players, framed after a tap, and Google's sign-in frames (the e2e
  // server has GOOGLE_CLIENT_ID set); no other outside frame.
  expect(policy).toContain(
    "frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://accounts.google.com/gsi/;",
  );
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  await waitForApp(page);
  const scripts = await page.evaluate(() =>
    [...document.querySelectorAll("script")].map((s) => ({ inline: !s.src, nonce: s.nonce })),
  );
  expect(scripts.filter((s) => s.inline).length).toBeGreaterThan(0);
  for (const s of scripts) expect(s.nonce).toBe(nonce);

  // A new nonce for every answer.
  const again = await page.goto("/");
  expect(again?.headers()["content-security-policy"]).not.toBe(policy);
});

test("the shop works under its policy: home, a product, the sign-in dialog, the cart", async ({ page }) => {
  await page.goto("/");
  await waitForApp(page);
  const book = await bookWithStock(page);
  await page.goto(book.url);
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: book.title })).toBeVisible();

  await headerSignIn(page).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await submitSignIn(dialog, CUSTOMER.phone, CUSTOMER.password);
  await expect(dialog).toBeHidden();
  await expect(accountMenu(page)).toContainText(CUSTOMER.firstName);

  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to cart" })).toBeVisible();
  await page.getByRole("link", { name: /^Cart, \d+ items?$/ }).click();
  await expect(page).toHaveURL("/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Cart" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Items in your cart" }).getByRole("link", { name: book.title }),
  ).toBeVisible();
});
