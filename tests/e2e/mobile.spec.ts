import {
  accountMenu,
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  headerSignIn,
  MOBILE,
  shot,
  test,
  waitForApp,
} from "./helpers";
import { ADMIN_STATE } from "./support";

test.describe("at 360 × 740", () => {
  test.use({ viewport: MOBILE });

  test("the header shows shop name, search, cart and sign-in, and nothing overflows", async ({ page }) => {
    await page.goto("/");
    await waitForApp(page);
    const header = page.getByRole("banner");
    for (const item of [
      header.getByRole("link", { name: "Pathagar", exact: true }),
      header.getByRole("combobox", { name: "Search books, e-books and more" }),
      header.getByRole("link", { name: "Cart, 0 items" }),
      headerSignIn(page),
    ]) {
      await expect(item).toBeVisible();
      await expect(item).toBeInViewport();
    }
    await expectNoHorizontalOverflow(page);
  });

  test("the search box sends the visitor to the search page", async ({ page }) => {
    await page.goto("/");
    await waitForApp(page);
    const search = page.getByRole("banner").getByRole("combobox", { name: "Search books, e-books and more" });
    await search.fill("physics");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=physics$/);
  });

  for (const path of ["/auth/login", "/auth/register", "/no-such-page"]) {
    test(`${path} fits the screen`, async ({ page }) => {
      await page.goto(path);
      await waitForApp(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoHorizontalOverflow(page);
    });
  }
});

/** Screenshots for review in E2E_SHOTS_DIR (when set), with the checks they rely on. */
for (const [label, viewport] of [
  ["360", MOBILE],
  ["desktop", DESKTOP],
] as const) {
  test.describe(`screens at ${label}`, () => {
    test.use({ viewport });

    test("home page", async ({ page }) => {
      await page.goto("/");
      await waitForApp(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await shot(page, `home-${label}`);
    });

    test("sign-in dialog", async ({ page }) => {
      await page.goto("/");
      await waitForApp(page);
      await headerSignIn(page).click();
      const dialog = page.getByRole("dialog", { name: "Sign in" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByLabel("Phone or email")).toBeFocused();
      await shot(page, `sign-in-dialog-${label}`, { fullPage: false });
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    });

    test.describe("as the admin", () => {
      test.use({ storageState: ADMIN_STATE });

      test("admin users", async ({ page }) => {
        // Newest first: by now other tests have added accounts, so the admin is found by phone.
        await page.goto("/admin/users?q=01700000000");
        await waitForApp(page);
        await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
        // A table on a wide screen, cards on a phone: the account's link is in whichever is shown.
        await expect(
          page.getByRole("region", { name: "Users" }).getByRole("link", { name: "Demo Admin", exact: true }),
        ).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await shot(page, `admin-users-${label}`);
      });

      test("account menu", async ({ page }) => {
        await page.goto("/");
        await waitForApp(page);
        await accountMenu(page).click();
        await expect(page.getByRole("link", { name: "My profile" })).toBeInViewport();
        await expectNoHorizontalOverflow(page);
        await shot(page, `account-menu-${label}`);
      });
    });
  });
}
