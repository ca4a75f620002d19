import type { Page } from "@playwright/test";
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
import { BASE_URL } from "./support";

// Navigation: the category menu (phones) and bar (desktops), the progress bar and skeletons of a
// slow navigation, the subject filter, and the installable shop (manifest, offline page).

const SECTIONS: [name: string, path: RegExp][] = [
  ["Books", /\/search\?kind=book$/],
  ["E-books", /\/ebook$/],
  ["Bundles", /\/bundle$/],
  ["Stationery", /\/stationery$/],
  ["Courses", /\/content$/],
  ["HSC", /\/academic$/],
  ["Academic cycle", /\/academic\/cycle$/],
  ["Engineering", /\/engineering$/],
  ["Medical", /\/medical$/],
  ["Varsity", /\/varsity$/],
];

/** The phone's category menu: a `<details>` disclosure (no ARIA role of its own), its button and its list. */
const menuButton = (page: Page) => page.getByRole("banner").locator("summary", { hasText: "Menu" });
const menu = (page: Page) => page.getByRole("banner").getByRole("navigation", { name: "Categories" }).first();

/** Holds every page-data request of the router for `ms` before it goes on. */
async function slowData(page: Page, ms: number) {
  await page.route(/\.data(\?|$)/, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

test.describe("the category menu at 360 px", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(MOBILE);
  });

  test("opens from the menu button, reaches every section, closes on navigation", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/");
    await waitForApp(page);
    await expect(menu(page)).toBeHidden();
    for (const [name, path] of SECTIONS) {
      await menuButton(page).click();
      await expect(menu(page)).toBeVisible();
      await menu(page).getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(menu(page)).toBeHidden();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    await expectNoHorizontalOverflow(page);
  });

  test("closes with Escape and gives focus back, closes on a tap outside, passes axe open", async ({
    page,
  }) => {
    // axe over the open menu takes most of the default 30 s on a loaded two-core machine.
    test.setTimeout(60_000);
    await page.goto("/");
    await waitForApp(page);
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    await expect(page.getByRole("banner").locator("details")).toHaveAttribute("open", "");
    await shot(page, "navigation-menu-360", { fullPage: false });
    await expectNoSeriousA11yViolations(page);
    await menu(page).getByRole("link", { name: "Varsity" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    // A tap on the page below it (the open menu covers most of a phone's screen).
    await page.getByRole("main").dispatchEvent("pointerdown");
    await expect(menu(page)).toBeHidden();
  });
});

test("the category bar on a desktop reaches every section and marks the current one", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await waitForApp(page);
  await expect(menuButton(page)).toBeHidden();
  const bar = page.getByRole("navigation", { name: "Categories" }).last();
  for (const [name, path] of SECTIONS) {
    await bar.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(bar.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
  }
  await shot(page, "navigation-bar-desktop", { fullPage: false });
});

test.describe("with the page data held back", () => {
  // The page's data is held back by `page.route`, which never sees a request the shop's service
  // worker makes (the worker controls the page a moment after it loads, sooner on a quiet machine).
  test.use({ serviceWorkers: "block" });
  for (const [label, viewport] of [
    ["360 px", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`a slow navigation at ${label} shows the progress bar and the list's skeleton`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await waitForApp(page);
      // Long enough that a test runner starved of CPU for a second still sees the bar while it shows.
      await slowData(page, 4_000);
      const progress = page.getByRole("progressbar", { name: "Loading page" });
      await expect(progress).toHaveCount(0);
      if (viewport === MOBILE) {
        await menuButton(page).click();
        await menu(page).getByRole("link", { name: "E-books" }).click();
      } else {
        await page
          .getByRole("navigation", { name: "Categories" })
          .last()
          .getByRole("link", { name: "E-books" })
          .click();
      }
      await expect(progress).toBeVisible();
      await expect(page.getByTestId("listing-skeleton")).toBeVisible();
      await expect(page.locator("main")).toHaveAttribute("aria-busy", "true");
      await shot(page, `navigation-progress-${viewport.width}`, { fullPage: false });
      await expect(page.getByRole("heading", { level: 1, name: "E-books" })).toBeVisible();
      await expect(progress).toHaveCount(0);
      await expect(page.getByTestId("listing-skeleton")).toHaveCount(0);
      await expect(page.locator("main")).not.toHaveAttribute("aria-busy", "true");

      // A new filter of the same list greys its grid out instead.
      if (viewport === MOBILE) await page.locator("summary", { hasText: "Filter and sort" }).click();
      await page
        .locator("select[name=subject]:visible")
        .selectOption(viewport === MOBILE ? "physics" : "chemistry");
      await expect(page.getByTestId("grid-skeleton")).toBeVisible();
      await expect(page).toHaveURL(/subject=(physics|chemistry)/);
      await expect(page.getByTestId("grid-skeleton")).toHaveCount(0);
    });
  }
});

test("the subject filter keeps its choice in the URL and lists only that subject", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/search?q=paper");
  await waitForApp(page);
  await page.locator("select[name=subject]:visible").selectOption("physics");
  await expect(page).toHaveURL(/[?&]q=paper/);
  await expect(page).toHaveURL(/[?&]subject=physics/);
  const cards = page.locator("main ul li a[href^='/book/'] span.line-clamp-2");
  await expect(cards.first()).toBeVisible();
  // The URL changes before the new results replace the old ones: wait for the filtered list.
  await expect
    .poll(async () => (await cards.allTextContents()).filter((t) => !/physics/i.test(t)))
    .toEqual([]);
  await page.reload();
  await expect(page.locator("select[name=subject]:visible")).toHaveValue("physics");
  const res = await page.goto("/search?q=paper&subject=law");
  expect(res?.status()).toBe(400);
});

test("the manifest is served and names the installable shop", async ({ page, request }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string; type: string }[];
  };
  expect(manifest).toMatchObject({ name: "Pathagar", display: "standalone", theme_color: "#006a4e" });
  expect(new URL(manifest.start_url, BASE_URL).origin).toBe(BASE_URL);
  expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(manifest.theme_color);
  const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  for (const icon of manifest.icons) {
    const img = await request.get(icon.src);
    expect(img.status(), icon.src).toBe(200);
    expect(img.headers()["content-type"]).toBe("image/png");
    const bytes = await img.body();
    // A PNG's width and height sit at bytes 16–23 of its header.
    const [w, h] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
  }
});
