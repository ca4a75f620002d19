import { formatTaka } from "../../src/contracts/money";
import {
  bookWithStock,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  latinWords,
  MOBILE,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";
import { BASE_URL, SHOP_NAME } from "./support";

// The shop in Bangla: chosen with the header's switch, kept in a cookie, rendered on the server.
// "English" is allowed: the switch names the other language in itself.

test("the home page with the Bangla cookie is rendered in Bangla on the server", async ({ request }) => {
  const bn = await request.get(`${BASE_URL}/`, { headers: { cookie: "pathagar_lang=bn" } });
  const html = await bn.text();
  expect(html).toMatch(/<html lang="bn"/);
  expect(html).toContain("এইচএসসি ও ভর্তি পরীক্ষার্থীদের বই ও পড়ার উপকরণ");
  expect(html).toContain("কার্ট, ");
  const en = await request.get(`${BASE_URL}/`);
  const englishHtml = await en.text();
  expect(englishHtml).toMatch(/<html lang="en"/);
  expect(englishHtml).toContain("Books and study material for HSC and admission students");
});

test("a Bangla page hydrates on the messages its HTML carries and fetches its catalogue after", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "pathagar_lang", value: "bn", url: BASE_URL }]);
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  const book = await bookWithStock(page);
  for (const path of ["/", book.url]) {
    await page.goto(path);
    expect(await page.evaluate(() => Object.keys(self.__pageMessages ?? {}).length)).toBeGreaterThan(20);
    // The catalogue is asked for once hydrated (the mark's effect), never before.
    const times = () =>
      page.evaluate(() => ({
        hydrated: performance.getEntriesByName("pathagar:hydrated")[0]?.startTime ?? null,
        catalogue:
          performance.getEntriesByType("resource").find((e) => /\/assets\/bn-[\w-]+\.js$/.test(e.name))
            ?.startTime ?? null,
      }));
    await expect.poll(async () => (await times()).catalogue, { timeout: 20_000 }).not.toBeNull();
    const { hydrated, catalogue } = await times();
    expect(hydrated).not.toBeNull();
    expect(catalogue!).toBeGreaterThanOrEqual(hydrated!);
    await expect(page.getByRole("link", { name: /^কার্ট, / }).first()).toBeVisible();
  }
  // A hydration mismatch is logged (React's recoverable error) as an error.
  expect(problems).toEqual([]);
});

test.describe("at 360 px", () => {
  test.use({ viewport: MOBILE });

  test("switch to Bangla and buy a book cash on delivery, in Bangla with Bangla prices", async ({ page }) => {
    // A whole purchase with a check of every visible word on each page.
    test.slow();
    await page.goto("/");
    await waitForApp(page);
    await page.getByRole("button", { name: "বাংলা", exact: true }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "এইচএসসি ও ভর্তি পরীক্ষার্থীদের বই ও পড়ার উপকরণ",
    );
    await expect(page.getByRole("button", { name: "English", exact: true })).toBeVisible();
    expect(
      await latinWords(page, "header, footer, main > div > section:nth-child(-n+2)", [SHOP_NAME, "English"]),
    ).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-home-mobile", { fullPage: false });
    await expectNoSeriousA11yViolations(page);

    await signUpNewCustomer(page, "আরিফ হোসেন");
    const book = await bookWithStock(page);
    await page.goto(book.url);
    await waitForApp(page);
    await expect(page).toHaveTitle(new RegExp(book.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await expect(page.getByRole("main").getByText(formatTaka(book.price, "bn")).first()).toBeVisible();
    await page.getByRole("button", { name: "কার্টে যোগ করুন", exact: true }).click();
    await expect(page.getByText("কার্টে যোগ হয়েছে")).toBeVisible();
    await shot(page, "bn-book-mobile", { fullPage: false });

    await page.goto("/cart");
    await waitForApp(page);
    await expect(page).toHaveTitle(`কার্ট | ${SHOP_NAME}`);
    await expect(page.getByRole("heading", { level: 1, name: "কার্ট" })).toBeVisible();
    await expect(page.getByRole("main").getByText(formatTaka(book.price, "bn")).first()).toBeVisible();
    expect(await latinWords(page, "header, main, footer", [SHOP_NAME, "English", book.title])).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-cart-mobile");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "চেকআউটে যান" }).click();

    await expect(page).toHaveURL("/cart/checkout");
    await waitForApp(page);
    await expect(page).toHaveTitle(`চেকআউট | ${SHOP_NAME}`);
    const district = await page.getByLabel("জেলা").inputValue();
    await page.getByLabel("এলাকা / থানা").fill("ধানমন্ডি");
    await page.getByLabel("ঠিকানা").fill("বাড়ি ১২, রোড ৫");
    await page.getByRole("radio", { name: /ক্যাশ অন ডেলিভারি/ }).check();
    expect(
      await latinWords(page, "header, main, footer", [SHOP_NAME, "English", book.title, district]),
    ).toEqual([]);
    await expect(
      page
        .getByRole("main")
        .getByText(/৳[০-৯]/)
        .first(),
    ).toBeVisible();
    await expect(page.getByRole("main").getByText(/৳[0-9]/)).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-checkout-mobile");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "অর্ডার করুন" }).click();
    await expect(page).toHaveURL(/\/payment\/[^/]+\/success$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  });
});

test("switching back to English gives the English shop, with the same prices in Latin digits", async ({
  page,
}) => {
  await page.context().addCookies([{ name: "pathagar_lang", value: "bn", url: BASE_URL }]);
  await page.goto("/");
  await waitForApp(page);
  await page.getByRole("button", { name: "English", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Books and study material for HSC and admission students",
  );
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
