import type { Page, TestInfo } from "@playwright/test";
import { expect, expectNoHorizontalOverflow, MOBILE, runAxe, shot, test, waitForApp } from "./helpers";
import { CUSTOMER_STATE } from "./support";

// These run against the demo catalogue the server seeds into its empty database
// (src/server/seed/catalog.ts): HSC subjects such as "Geography First Paper" (ভূগোল প্রথম পত্র),
// admission guides, bundles, e-books, stationery and courses.

/** A product's page path from the catalogue API (the first of a list query). */
async function firstProductPath(page: Page, query: string): Promise<string> {
  const res = await page.request.get(`/api/${query}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { items: { url: string }[] } };
  const first = body.data.items[0];
  if (!first) throw new Error(`no product for /api/${query}`);
  return first.url;
}

async function expectNoSeriousViolations(page: Page, testInfo: TestInfo) {
  await waitForApp(page);
  const results = await runAxe(page);
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  if (bad.length > 0) {
    const report = bad
      .map(
        (v) =>
          `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}`).join("\n")}`,
      )
      .join("\n");
    await testInfo.attach("axe-violations", { body: report, contentType: "text/plain" });
  }
  expect(
    bad.map((v) => `${v.impact}: ${v.id}`),
    "serious or critical accessibility violations",
  ).toEqual([]);
}

test.describe("browsing", () => {
  test("home → a track page → a book page with its title, price and add-to-cart button", async ({ page }) => {
    await page.goto("/");
    await waitForApp(page);
    await expect(
      page.getByRole("region", { name: "New arrivals" }).getByRole("listitem").first(),
    ).toBeVisible();
    await page
      .getByRole("region", { name: "Academic tracks" })
      .getByRole("link", { name: /^Engineering/ })
      .click();
    await expect(page).toHaveURL("/engineering");
    await expect(page.getByRole("heading", { level: 1, name: "Engineering admission" })).toBeVisible();

    // The sidebar's filters: printed books in stock, so the book can be added.
    const filters = page.getByRole("complementary", { name: "Filter and sort" });
    await filters.getByLabel("Type").selectOption("book");
    await expect(page).toHaveURL(/kind=book/);
    await filters.getByLabel("In stock only").check();
    await expect(page).toHaveURL(/in_stock=true/);

    const card = page.getByRole("main").locator('a[href^="/book/"]').first();
    // The cover's alt text is the product's title.
    const title = await card.locator("img").first().getAttribute("alt");
    await card.click();
    await expect(page).toHaveURL(/\/book\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title ?? "");
    await expect(
      page
        .getByRole("main")
        .getByText(/৳[\d,]+/)
        .first(),
    ).toBeVisible();
    const add = page.getByRole("button", { name: "Add to cart" });
    await expect(add).toBeVisible();
    await shot(page, "catalogue-book-desktop");

    // A visitor who adds is sent to sign in, and back here after.
    const bookPath = new URL(page.url()).pathname;
    await add.click();
    await expect(page).toHaveURL(`/auth/login?redirect=${encodeURIComponent(bookPath)}`);
  });

  test("a bundle shows its items and what it saves", async ({ page }) => {
    await page.goto(await firstProductPath(page, "bundles?limit=1"));
    await expect(page.getByRole("heading", { level: 2, name: "What’s in this bundle" })).toBeVisible();
    await expect(page.getByText(/You save ৳[\d,]+/).first()).toBeVisible();
  });

  test("bundles of any year are a page, empty when there are none; anything else is a 404 page", async ({
    page,
  }) => {
    const past = await page.goto("/bundles/1999");
    expect(past?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "HSC 1999 bundles" })).toBeVisible();
    await expect(page.getByText("No bundles for HSC 1999 yet.")).toBeVisible();
    const word = await page.goto("/bundles/abc");
    expect(word?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("Page not found: /bundles/abc", { exact: true })).toBeVisible();
  });

  test("an unknown book is a 404 page and a bad filter a 400 page", async ({ page }) => {
    const missing = await page.goto("/book/999999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    const bad = await page.goto("/academic?sort=cheapest");
    expect(bad?.status()).toBe(400);
    await expect(page.getByText(/sort must be one of/)).toBeVisible();
  });

  test("an info page is read from the database", async ({ page }) => {
    await page.goto("/info/about");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toBeVisible();
  });
});

test.describe("search", () => {
  test("a word with one letter wrong still finds the book", async ({ page }) => {
    await page.goto("/");
    await waitForApp(page);
    const box = page.getByRole("search").getByRole("combobox").first();
    await box.fill("Geogrephy");
    await box.press("Enter");
    await expect(page).toHaveURL("/search?q=Geogrephy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “Geogrephy”");
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: /Geography First Paper/ })
        .first(),
    ).toBeVisible();
  });

  test("a Bangla query finds a Bangla title", async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent("ভূগোল")}`);
    await expect(page.getByRole("main").getByText("ভূগোল প্রথম পত্র").first()).toBeVisible();
    await expect(page.getByText(/^\d+ results?/)).toBeVisible();
  });

  test("nothing found says so and suggests where to look", async ({ page }) => {
    await page.goto("/search?q=qqxxzzvv");
    await expect(page.getByText("No results for “qqxxzzvv”")).toBeVisible();
    await expect(page.getByRole("region", { name: "Popular right now" })).toBeVisible();
  });

  test("the header suggests products for a typed prefix and opens the chosen one", async ({ page }) => {
    await page.goto("/");
    await waitForApp(page);
    const box = page.getByRole("search").getByRole("combobox").first();
    await box.pressSequentially("Geog");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list.getByRole("option", { name: /Geography/ }).first()).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await box.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", /.+/);
    await box.press("Enter");
    await expect(page).toHaveURL(/\/(book|ebook|bundle|content|stationery)\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Geography");
  });
});

test.describe("reviews", () => {
  test.use({ storageState: CUSTOMER_STATE });

  test("a signed-in customer posts a review and sees it with the new average", async ({ page }) => {
    // The dearest book: no other test reviews it.
    await page.goto(await firstProductPath(page, "books?sort=price_desc&limit=1"));
    await waitForApp(page);
    const reviews = page.getByRole("region", { name: "Reviews" });
    await expect(reviews.getByText("No reviews yet.")).toBeVisible();
    await reviews.locator("label", { hasText: "4 stars" }).click();
    await reviews.getByLabel("Your review (optional)").fill("Clear chapters and plenty of solved problems.");
    await reviews.getByRole("button", { name: "Post review" }).click();
    // The posted review is listed (the form above it then holds the same text, to edit).
    await expect(
      reviews.getByRole("listitem").filter({ hasText: "Clear chapters and plenty of solved problems." }),
    ).toBeVisible();
    await expect(reviews.getByText("4.0 out of 5 · 1 review")).toBeVisible();
    await expect(reviews.getByRole("button", { name: "Update review" })).toBeVisible();
    // The product's summary at the top moves with it.
    await expect(page.getByRole("link", { name: /4\.0 \(1 review\)/ })).toBeVisible();
  });
});

test.describe("accessibility", () => {
  test("home, a book page and search results have no serious violations", async ({ page }, testInfo) => {
    await page.goto("/");
    await expectNoSeriousViolations(page, testInfo);
    await page.goto(await firstProductPath(page, "books?limit=1"));
    await expectNoSeriousViolations(page, testInfo);
    await page.goto("/search?q=physics");
    await expectNoSeriousViolations(page, testInfo);
  });
});

test.describe("phone layout", () => {
  test("catalogue pages fit a 360 px screen", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    const book = await firstProductPath(page, "books?limit=1");
    for (const path of ["/", "/academic", book, "/search?q=physics", "/stationery"]) {
      await page.goto(path);
      await waitForApp(page);
      await expectNoHorizontalOverflow(page);
    }
    await shot(page, "catalogue-stationery-360");
  });
});
