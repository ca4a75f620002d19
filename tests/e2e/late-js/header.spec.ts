import { runAxe, waitForApp } from "../helpers";
import { expect, test } from "./hold";

// The header before the page's scripts arrive (held back 4 s, decision 53): a search sent with
// Enter, the language switch and the category menu work as plain HTML, and what was typed or
// opened is still there once the scripts hydrate the page.

const hydrated = (page: import("@playwright/test").Page) =>
  page.evaluate(() => localStorage.getItem("theme") === "light");

test("Enter in the header search before hydration searches at once", async ({ page }) => {
  await page.goto("/", { waitUntil: "commit" });
  const search = page.getByRole("combobox", { name: "Search books, e-books and more" });
  await search.waitFor();
  await search.fill("physics");
  expect(await hydrated(page), "typed before the scripts ran").toBe(false);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=physics$/);
  await expect(page.getByRole("link", { name: /Physics/i }).first()).toBeVisible();
  // The results page shows what was searched for, before and after it hydrates.
  await expect(search).toHaveValue("physics");
  await waitForApp(page);
  await expect(search).toHaveValue("physics");
});

test("the language switch tapped before hydration changes the language of the same page", async ({
  page,
}) => {
  await page.goto("/search?q=chemistry", { waitUntil: "commit" });
  const bangla = page.getByRole("button", { name: "বাংলা", exact: true });
  await bangla.waitFor();
  expect(await hydrated(page), "tapped before the scripts ran").toBe(false);
  await bangla.click();
  await expect(page).toHaveURL(/\/search\?q=chemistry$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("button", { name: "English", exact: true })).toBeVisible();
});

test("the category menu opened before hydration stays open through it, and a link in it works", async ({
  page,
}) => {
  await page.goto("/", { waitUntil: "commit" });
  const button = page.getByRole("banner").locator("summary", { hasText: "Menu" });
  await button.waitFor();
  await button.click();
  const menu = page.getByRole("banner").getByRole("navigation", { name: "Categories" }).first();
  await expect(menu).toBeVisible();
  expect(await hydrated(page), "opened before the scripts ran").toBe(false);
  // The server's markup, opened natively, as a phone without the scripts has it.
  const results = await runAxe(page);
  expect(
    results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);
  await waitForApp(page);
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Bundles", exact: true }).click();
  await expect(page).toHaveURL(/\/bundle$/);
  await expect(menu).toBeHidden();
});
