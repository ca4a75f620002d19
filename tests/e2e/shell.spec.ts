import { accountMenu, expect, MOBILE, shot, storedRedirect, test, waitForApp } from "./helpers";
import { CUSTOMER_STATE } from "./support";

test.describe("error pages", () => {
  test("an unknown path answers 404 and names the path", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    const main = page.getByRole("main");
    await expect(main.getByText("404", { exact: true })).toBeVisible();
    await expect(main.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(main.getByText("Page not found: /no-such-page", { exact: true })).toBeVisible();
    // The shell stays around the error: the visitor can go on shopping.
    await expect(page.getByRole("link", { name: "Pathagar", exact: true })).toBeVisible();
    await waitForApp(page);
    await main.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Books and study material");
  });

  test.describe("as a customer", () => {
    test.use({ storageState: CUSTOMER_STATE });

    test("any other status reads Internal Server Error: /admin is 403 for a customer", async ({ page }) => {
      const res = await page.goto("/admin");
      expect(res?.status()).toBe(403);
      const main = page.getByRole("main");
      await expect(main.getByText("403", { exact: true })).toBeVisible();
      await expect(main.getByRole("heading", { level: 1, name: "Internal Server Error" })).toBeVisible();
      await expect(main.getByText("You don't have access to this page")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Dashboard" })).toHaveCount(0);
      // The header keeps the signed-in customer (a refused page runs no loader of its own).
      await expect(accountMenu(page)).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
    });

    test("the 403 page keeps the signed-in header on a phone", async ({ page }) => {
      await page.setViewportSize(MOBILE);
      await page.goto("/admin");
      const main = page.getByRole("main");
      await expect(main.getByText("403", { exact: true })).toBeVisible();
      await expect(main.getByText("You don't have access to this page")).toBeVisible();
      await expect(accountMenu(page)).toBeVisible();
      await shot(page, "forbidden-signed-in-360");
    });
  });
});

test.describe("shell", () => {
  test("the colour mode is forced to light", async ({ page }) => {
    // A dark preference left over from an earlier visit does not win.
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await page.goto("/");
    await waitForApp(page);
    const html = page.locator("html");
    await expect(html).toHaveClass(/(^|\s)light(\s|$)/);
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(html).toHaveCSS("color-scheme", "light");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });

  test.describe("signed in", () => {
    test.use({ storageState: CUSTOMER_STATE });

    test("a stored redirect path is followed once and removed", async ({ page }) => {
      await page.goto("/");
      await waitForApp(page);
      await page.evaluate(() => localStorage.setItem("redirect", "/profile"));
      await page.reload();
      await expect(page).toHaveURL("/profile");
      await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
      // The account's phone (a saved address made by another test may show it too).
      await expect(page.locator("dd", { hasText: "01800000000" })).toBeVisible();
      expect(await storedRedirect(page)).toBeNull();

      // Gone for good: the next start stays where it is.
      await page.goto("/");
      await waitForApp(page);
      await expect(page).toHaveURL("/");
    });
  });
});
