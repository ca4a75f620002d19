import type { Page } from "@playwright/test";
import {
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  MOBILE,
  shot,
  test,
  waitForApp,
} from "./helpers";
import { BASE_URL, SHOP_NAME } from "./support";

// The catalogue in Bangla at 360 px: a listing with its filters, search with a did-you-mean, an
// e-book and a course. Names of things are marked translate="no" (products, authors, chapters)
// and are left out of the check; so are what the shopper typed and staff-written descriptions.

/** Latin-letter words the page shows in `scope`, leaving out `skip`, form fields and names. */
async function latinWords(
  page: Page,
  scope: string,
  allowed: string[],
  skip: string[] = [],
): Promise<string[]> {
  const text = await page.locator(scope).evaluateAll(
    (nodes, dropped) =>
      nodes
        .map((n) => {
          const copy = n.cloneNode(true) as HTMLElement;
          for (const el of copy.querySelectorAll(
            ["select, input, textarea, [translate='no']", ...dropped].join(", "),
          ))
            el.remove();
          return copy.textContent ?? "";
        })
        .join(" "),
    skip,
  );
  const ok = new Set(
    [SHOP_NAME, "English", ...allowed].flatMap((a) => a.split(/[^A-Za-z]+/)).filter(Boolean),
  );
  return [...new Set(text.match(/[A-Za-z]{2,}/g) ?? [])].filter((w) => !ok.has(w));
}

/**
 * No option of the page's selects is written in Latin letters, but names as the shop stores them
 * (authors and publishers, marked `translate="no"`).
 */
async function expectBanglaOptions(page: Page) {
  const options = await page
    .getByRole("main")
    .locator('select option:not([translate="no"])')
    .allTextContents();
  expect(options.length).toBeGreaterThan(0);
  expect(options.filter((o) => /[A-Za-z]{2,}/.test(o))).toEqual([]);
}

async function firstId(page: Page, list: string): Promise<number> {
  const res = await page.request.get(`/api/${list}?limit=1&sort=best_selling`);
  const items = ((await res.json()) as { data: { items: { id: number }[] } }).data.items;
  expect(items.length).toBeGreaterThan(0);
  return items[0]!.id;
}

test.describe("the catalogue in Bangla at 360 px", () => {
  test.use({ viewport: MOBILE });

  test.beforeEach(async ({ page }) => {
    await page.context().addCookies([{ name: "pathagar_lang", value: "bn", url: BASE_URL }]);
  });

  test("a track's list with its filters open reads in Bangla", async ({ page }) => {
    await page.goto("/academic?kind=book&sort=newest");
    await waitForApp(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await expect(page).toHaveTitle(`এইচএসসি একাডেমিক | ${SHOP_NAME}`);
    await expect(page.getByRole("heading", { level: 1, name: "এইচএসসি একাডেমিক" })).toBeVisible();
    await expect(page.getByRole("main").getByText(/^[০-৯]+টি পণ্য|^১টি পণ্য/)).toBeVisible();
    await page.locator("summary", { hasText: "ফিল্টার ও সাজানো" }).click();
    await expect(page.getByLabel("সাজান").last()).toBeVisible();
    await expect(page.getByRole("link", { name: "সব বান্ডেল" })).toHaveCount(0);
    await expectBanglaOptions(page);
    expect(await latinWords(page, "header, main, footer", [])).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-track-filters-mobile", { fullPage: false });
    await expectNoSeriousA11yViolations(page);
  });

  test("search says “did you mean” and lists the results in Bangla", async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent("phisics frist")}`);
    await waitForApp(page);
    const line = page.getByRole("status").filter({ hasText: "আপনি কি" });
    await expect(line).toContainText("আপনি কি physics first খুঁজছেন?");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("“phisics frist” এর ফলাফল");
    await expect(page.getByRole("main").getByText(/^[০-৯]+টি ফলাফল|^১টি ফলাফল/)).toBeVisible();
    await expectBanglaOptions(page);
    expect(await latinWords(page, "header, main, footer", ["phisics frist", "physics first"])).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-did-you-mean-mobile", { fullPage: false });
    await expectNoSeriousA11yViolations(page);

    await line.getByRole("link", { name: "বরং “phisics frist” খুঁজুন" }).click();
    await expect(page).toHaveURL(/exact=1/);
    await expect(page.getByText("“phisics frist” এর কোনো ফলাফল নেই")).toBeVisible();
    expect(await latinWords(page, "header, main, footer", ["phisics frist"])).toEqual([]);
    await expectNoHorizontalOverflow(page);
  });

  test("an e-book's page reads in Bangla", async ({ page }) => {
    const id = await firstId(page, "ebooks");
    await page.goto(`/ebook/${id}`);
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 2, name: "বিস্তারিত" })).toBeVisible();
    await expect(page.getByText("অনলাইনে পড়ুন (ডাউনলোড নয়)")).toBeVisible();
    await expect(
      page
        .getByRole("main")
        .getByText(/৳[০-৯]/)
        .first(),
    ).toBeVisible();
    await expect(page.getByRole("main").getByText(/৳[0-9]/)).toHaveCount(0);
    // The description is the publisher's own text; reviews are the shoppers'.
    const skip = ["section[aria-labelledby='about'] p", "section[aria-labelledby='reviews'] li"];
    expect(await latinWords(page, "header, main, footer", [], skip)).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-ebook-mobile");
    await expectNoSeriousA11yViolations(page);
  });

  test("an e-book's free preview opens in the reader in Bangla", async ({ page }) => {
    const id = await firstId(page, "ebooks");
    await page.goto(`/ebook/${id}/read`);
    await expect(page.locator("canvas[data-drawn='true']")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/^ফ্রি প্রিভিউ · পৃষ্ঠা [০-৯]+ \/ [০-৯]+$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "পরের পৃষ্ঠা" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "পৃষ্ঠা", exact: true }).click();
    await expect(page.getByRole("navigation", { name: "পৃষ্ঠা" })).toBeVisible();
    // With the page list open the page area scrolls: it takes the keyboard's focus too.
    await expectNoSeriousA11yViolations(page);
    expect(await latinWords(page, "header, main, nav, footer", [])).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-reader-mobile", { fullPage: false });
  });

  test("a course's page and its chapters read in Bangla", async ({ page }) => {
    const id = await firstId(page, "content");
    await page.goto(`/content/${id}`);
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 2, name: "অধ্যায়" })).toBeVisible();
    await expect(page.getByText("এই অধ্যায় খুলতে কোর্সটি কিনুন").first()).toBeVisible();
    const skip = [
      "section[aria-labelledby='about'] p",
      "section[aria-labelledby='reviews'] li",
      // A free chapter's own text, open in place, is the course's content.
      "details .leading-relaxed",
    ];
    expect(await latinWords(page, "header, main, footer", [], skip)).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-course-mobile");
    await expectNoSeriousA11yViolations(page);
  });
});
