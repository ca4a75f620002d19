import { waitForApp } from "../helpers";
import { expect, test } from "./hold";

// Typed before the page's scripts arrive (held back 4 s), kept after they hydrate it (decision 53).
test("what is typed into the header search before hydration is kept and searched for", async ({ page }) => {
  await page.goto("/", { waitUntil: "commit" });
  const search = page.getByRole("combobox", { name: "Search books, e-books and more" });
  await search.waitFor();
  await search.fill("physics");
  await waitForApp(page);
  await expect(search).toHaveValue("physics");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=physics/);
  await expect(page.getByRole("link", { name: /Physics/i }).first()).toBeVisible();
});

test("a tap on Add to cart before hydration posts the form: to sign in, then the add is made", async ({
  page,
}) => {
  await page.goto("/search?q=physics", { waitUntil: "domcontentloaded" });
  await page
    .getByRole("button", { name: /^Add .* to cart$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await expect(page.getByRole("status").filter({ hasText: "Sign in to add it to your cart" })).toBeVisible();
});
