import type { Browser, Page } from "@playwright/test";
import {
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  MOBILE,
  shot,
  test,
  waitForApp,
} from "./helpers";
import { ADMIN_STATE, BASE_URL, SHOP_NAME } from "./support";

// The back office in Bangla. The language comes from the cookie the header's switch sets; the
// switch also writes the signed-in admin's profile, which every other admin test shares, so here
// the cookie is set directly and the switch is only checked to be there, naming the other language.

/** An admin's page in the given language (the cookie outranks the profile's language). */
async function adminPage(
  browser: Browser,
  viewport: { width: number; height: number },
  lang: "bn" | "en",
): Promise<Page> {
  const context = await browser.newContext({ storageState: ADMIN_STATE, viewport });
  await context.addCookies([{ name: "pathagar_lang", value: lang, url: BASE_URL }]);
  return context.newPage();
}

/** Latin-letter words shown in the scope (fields left out: their values are typed or picked). */
async function latinWords(page: Page, scope: string, allowed: string[] = []): Promise<string[]> {
  const text = await page.locator(scope).evaluateAll((nodes) =>
    nodes
      .map((n) => {
        const copy = n.cloneNode(true) as HTMLElement;
        for (const el of copy.querySelectorAll("select, input, textarea")) el.remove();
        return copy.textContent ?? "";
      })
      .join(" "),
  );
  const ok = new Set(
    [SHOP_NAME, "English", ...allowed].flatMap((a) => a.split(/[^A-Za-z]+/)).filter(Boolean),
  );
  return [...new Set(text.match(/[A-Za-z]{2,}/g) ?? [])].filter((w) => !ok.has(w));
}

/** A printed book added through the admin API, as the form does. */
async function addBook(page: Page, title: string) {
  const res = await page.request.post("/api/admin/books", {
    data: { kind: "book", title, price: 45_000, stock: 12, published: false },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data;
}

test("the admin header offers the other language, named in itself", async ({ browser }) => {
  const en = await adminPage(browser, DESKTOP, "en");
  await en.goto("/admin");
  await waitForApp(en);
  await expect(en.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(en.getByRole("button", { name: "বাংলা" })).toBeVisible();
  const bn = await adminPage(browser, DESKTOP, "bn");
  await bn.goto("/admin");
  await waitForApp(bn);
  await expect(bn.locator("html")).toHaveAttribute("lang", "bn");
  await expect(bn.getByRole("button", { name: "English" })).toBeVisible();
});

for (const [size, viewport] of [
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const) {
  test(`the dashboard, the books list and a book's edit page read in Bangla (${viewport.width} px)`, async ({
    browser,
  }) => {
    // Three pages, each read word by word and checked with axe: more than the default 30 s on a
    // busy 2-core machine.
    test.slow();
    const admin = await adminPage(browser, viewport, "bn");
    const title = `Bangla Admin Physics ${Date.now().toString(36)}`;

    // The dashboard: the menu, the headings and the figures in Bangla, prices in Bangla digits.
    await admin.goto("/admin");
    await waitForApp(admin);
    await expect(admin).toHaveTitle(`ড্যাশবোর্ড | ${SHOP_NAME}`);
    await expect(admin.getByRole("heading", { level: 1, name: "ড্যাশবোর্ড" })).toBeVisible();
    const menu = admin.getByRole("navigation", { name: "অ্যাডমিন" });
    await expect(menu.getByRole("link", { name: "বই", exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "অর্ডার", exact: true })).toBeVisible();
    await expect(admin.getByRole("heading", { name: "অবস্থা অনুযায়ী অর্ডার" })).toBeVisible();
    await expect(admin.getByRole("heading", { name: "আপনার পেজগুলো" })).toBeVisible();
    // Today's and this month's figures (the chart draws its own axis and table).
    const figures = admin.getByRole("main").locator("h3 + p");
    await expect(figures.first()).toHaveText(/^৳[০-৯]/);
    await expect(figures.last()).toHaveText(/^৳[০-৯]/);
    expect(
      await latinWords(
        admin,
        "aside, main h1, main h2, main h3, main h3 ~ p, main section > p, main h2 + ul",
      ),
    ).toEqual([]);
    await expectNoHorizontalOverflow(admin);
    await shot(admin, `bn-admin-dashboard-${size}`, { fullPage: false });
    await expectNoSeriousA11yViolations(admin);

    // The books list: its heading, search, filters, columns and pages.
    const { id } = await addBook(admin, title);
    await admin.goto(`/admin/books?q=${encodeURIComponent(title)}`);
    await waitForApp(admin);
    await expect(admin).toHaveTitle(`বই | ${SHOP_NAME}`);
    await expect(admin.getByRole("heading", { level: 1, name: "বই" })).toBeVisible();
    await expect(admin.getByLabel("নাম, বাংলা নাম, আইএসবিএন বা লেখক দিয়ে খুঁজুন")).toBeVisible();
    await expect(admin.getByLabel("ধরন")).toBeVisible();
    await expect(admin.getByRole("link", { name: title }).first()).toBeVisible();
    await expect(admin.getByRole("main").getByText("৳৪৫০").filter({ visible: true })).toHaveCount(1);
    await expect(admin.getByRole("navigation", { name: "পৃষ্ঠা" })).toContainText("পৃষ্ঠা ১ / ১");
    expect(await latinWords(admin, "aside, main", [title])).toEqual([]);
    await expectNoHorizontalOverflow(admin);
    await shot(admin, `bn-admin-books-${size}`);
    await expectNoSeriousA11yViolations(admin);

    // A book's edit page: the form, the stock panel and the delete section.
    await admin.getByRole("link", { name: title }).first().click();
    await expect(admin).toHaveURL(new RegExp(`/admin/books/${id}$`));
    await waitForApp(admin);
    await expect(admin).toHaveTitle(`বই এডিট করুন | ${SHOP_NAME}`);
    await expect(admin.getByRole("heading", { level: 1, name: "বই এডিট করুন" })).toBeVisible();
    await expect(admin.getByLabel("শিরোনাম", { exact: true })).toHaveValue(title);
    await expect(admin.getByLabel("দাম (৳)", { exact: true })).toHaveValue("450");
    await expect(admin.getByRole("heading", { name: "স্টক: হাতে ১২টি" })).toBeVisible();
    await expect(admin.getByRole("button", { name: "পরিবর্তন সেভ করুন" })).toBeVisible();
    await expect(admin.getByRole("button", { name: "স্টক বদলান" })).toBeVisible();
    // Names stay: the address made from the title, ISBN, the picture formats, the admin's name.
    const names = [title.toLowerCase(), "ISBN", "JPEG PNG WebP AVIF MB", "Demo"];
    expect(await latinWords(admin, "aside, main", [title, ...names])).toEqual([]);
    await expectNoHorizontalOverflow(admin);
    await shot(admin, `bn-admin-book-edit-${size}`);
    await expectNoSeriousA11yViolations(admin);

    // Saving answers in Bangla too.
    await admin.getByLabel("বিবরণ").fill("পদার্থবিজ্ঞানের নোট");
    await admin.getByRole("button", { name: "পরিবর্তন সেভ করুন" }).click();
    await expect(admin.getByText("সেভ হয়েছে", { exact: true })).toBeVisible();
  });
}
