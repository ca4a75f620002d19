import type { Page } from "@playwright/test";
import { expect, expectNoHorizontalOverflow, shot, test } from "../helpers";

// The header with JavaScript off on a 360 px phone (decision 53): the language switch is a form,
// the category menu a disclosure, both answered by the server alone. (axe needs the page's
// JavaScript: the same markup is checked open before hydration in late-js/header.spec.ts.)

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

const menuButton = (page: Page) => page.getByRole("banner").locator("summary", { hasText: /^(Menu|মেনু)$/ });
const menu = (page: Page, name = "Categories") =>
  page.getByRole("banner").getByRole("navigation", { name }).first();

test("the category menu opens and reaches every section", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await expect(menu(page)).toBeHidden();
  await menuButton(page).click();
  await expect(menu(page)).toBeVisible();
  await expect(menu(page)).toBeInViewport();
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-menu-360", { fullPage: false });
  for (const [name, path] of SECTIONS) {
    if (!(await menu(page).isVisible())) await menuButton(page).click();
    await menu(page).getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(path);
    // A new page: the menu is closed again.
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});

test("the language switch posts its form and comes back to the same page in the other language", async ({
  page,
}) => {
  await page.goto("/search?q=physics");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: "বাংলা", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=physics$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("button", { name: "English", exact: true })).toBeVisible();
  // The menu speaks Bangla too.
  await menuButton(page).click();
  await expect(menu(page, "বিভাগ").getByRole("link", { name: "ই-বুক", exact: true })).toBeVisible();
  await shot(page, "no-js-bangla-menu-360", { fullPage: false });

  await page.getByRole("button", { name: "English", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=physics$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "বাংলা", exact: true })).toBeVisible();
});
