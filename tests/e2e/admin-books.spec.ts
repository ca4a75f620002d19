import type { Browser, Page } from "@playwright/test";
import { formatTaka } from "../../src/contracts/money";
import {
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  MOBILE,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";
import { ADMIN_STATE } from "./support";

const adminPage = async (
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<Page> => {
  const context = await browser.newContext({ storageState: ADMIN_STATE, viewport });
  return context.newPage();
};

test("staff add a printed book, publish it, and a signed-out visitor finds it in the search at once", async ({
  browser,
  page,
}) => {
  const admin = await adminPage(browser);
  const title = `Quantum Notes ${Date.now().toString(36)}`;
  await admin.goto("/admin/books/create");
  await waitForApp(admin);
  await expect(admin.getByRole("heading", { level: 1, name: "New book" })).toBeVisible();
  // Nothing typed: the contract's schema answers on the fields, nothing is sent.
  await admin.getByRole("button", { name: "Add printed book" }).click();
  await expect(admin.getByText("Enter a title")).toBeVisible();
  await admin.getByLabel("Title", { exact: true }).fill(title);
  // An author the shop does not have yet is added on the spot.
  const author = `Nadia Rahman ${Date.now().toString(36)}`;
  await admin.getByLabel("Search authors").fill(author);
  await admin.getByRole("button", { name: `Add “${author}” as a new author` }).click();
  await expect(admin.getByRole("button", { name: `Remove ${author}` })).toBeVisible();
  await admin.getByLabel("Price (৳)", { exact: true }).fill("350");
  await admin.getByLabel("Sale price (৳)").fill("400");
  await admin.getByLabel("Units on hand").fill("12");
  await admin.getByLabel("Published").check();
  await admin.getByRole("button", { name: "Add printed book" }).click();
  await expect(admin.getByText("The sale price must be below the price")).toBeVisible();
  await admin.getByLabel("Sale price (৳)").fill("299.50");
  await admin.getByRole("button", { name: "Add printed book" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Edit book" })).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/books\/\d+$/);
  await expect(admin.getByRole("heading", { name: "Stock: 12 on hand" })).toBeVisible();
  await shot(admin, "admin-book-edit-desktop");

  // Signed out, in the shop's search, within a second.
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible({ timeout: 1000 + 5000 });
  await expect(page.getByText(formatTaka(29_950)).first()).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent(author)}`);
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();

  // Stock with a reason, explained by the ledger.
  await admin.getByLabel("Units (+ in, − out)").fill("-2");
  await admin.getByLabel("Reason").selectOption("damaged");
  await admin.getByLabel("Note").fill("Water on two copies");
  await admin.getByRole("button", { name: "Change stock" }).click();
  await expect(admin.getByRole("heading", { name: "Stock: 10 on hand" })).toBeVisible();
  await expect(admin.getByRole("cell", { name: /Water on two copies/ })).toBeVisible();
  await admin.context().close();
});

test("a price change shows in a shopper's cart", async ({ browser, page }) => {
  const admin = await adminPage(browser);
  const title = `Price Watch ${Date.now().toString(36)}`;
  await admin.goto("/admin/books/create");
  await waitForApp(admin);
  await admin.getByLabel("Title", { exact: true }).fill(title);
  await admin.getByLabel("Price (৳)", { exact: true }).fill("200");
  await admin.getByLabel("Units on hand").fill("5");
  await admin.getByLabel("Published").check();
  await admin.getByRole("button", { name: "Add printed book" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Edit book" })).toBeVisible();
  const id = Number(admin.url().split("/").pop());

  await page.goto("/");
  await signUpNewCustomer(page, "Price Watcher");
  await page.goto(`/book/${id}`);
  await waitForApp(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to cart" })).toBeVisible();

  await admin.getByLabel("Price (৳)", { exact: true }).fill("180");
  await admin.getByRole("button", { name: "Save changes" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  await page.goto("/cart");
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText(formatTaka(18_000));
  await admin.context().close();
});

test("two staff editing one book: the later save is refused and shows the colleague's version", async ({
  browser,
}) => {
  const first = await adminPage(browser);
  const second = await adminPage(browser);
  const title = `Two Tabs ${Date.now().toString(36)}`;
  await first.goto("/admin/books/create");
  await waitForApp(first);
  await first.getByLabel("Title", { exact: true }).fill(title);
  await first.getByLabel("Price (৳)", { exact: true }).fill("100");
  await first.getByRole("button", { name: "Add printed book" }).click();
  await expect(first.getByRole("heading", { level: 1, name: "Edit book" })).toBeVisible();
  await second.goto(first.url());
  await waitForApp(second);

  await first.getByLabel("Title", { exact: true }).fill(`${title} (first)`);
  await first.getByRole("button", { name: "Save changes" }).click();
  await expect(first.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  await second.getByLabel("Price (৳)", { exact: true }).fill("120");
  await second.getByRole("button", { name: "Save changes" }).click();
  await expect(second.getByRole("alert").filter({ hasText: "Someone else saved a change" })).toBeVisible();
  await expect(second.getByLabel("Title", { exact: true })).toHaveValue(`${title} (first)`);
  await expect(second.getByRole("note")).toContainText("Price: ৳120");
  await shot(second, "admin-book-conflict");
  // Saved again on top of the colleague's version, it goes through.
  await second.getByLabel("Price (৳)", { exact: true }).fill("120");
  await second.getByRole("button", { name: "Save changes" }).click();
  await expect(second.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await first.context().close();
  await second.context().close();
});

test("the books list: search, filter and sort in the URL, bulk unpublish, usable at 360 px", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/books");
  await waitForApp(admin);
  const table = admin.getByRole("region", { name: "Books" });
  await expect(table.getByRole("table")).toBeVisible();
  await admin.getByLabel("Kind").selectOption("book");
  await expect(admin).toHaveURL(/kind=book/);
  await admin.getByRole("button", { name: /^Price/ }).click();
  await expect(admin).toHaveURL(/sort=price/);
  await expect(table.getByRole("columnheader", { name: /Price/ })).toHaveAttribute("aria-sort", "ascending");
  await expectNoSeriousA11yViolations(admin);
  await shot(admin, "admin-books-desktop");

  // A sort chosen while the filter's list is still loading (a slow line) keeps the filter.
  let held = false;
  await admin.route(/\/admin\/books\.data\?.*published=true/, async (route) => {
    held = true;
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue().catch(() => {});
  });
  await admin.getByLabel("Published").selectOption("true");
  await expect.poll(() => held).toBe(true);
  await admin.getByRole("button", { name: /^Price/ }).click();
  await expect(admin).toHaveURL(/published=true/);
  await expect(admin).toHaveURL(/kind=book/);
  await expect(admin).toHaveURL(/sort=-price/);
  await expect(admin.getByLabel("Published")).toHaveValue("true");
  await admin.unrouteAll({ behavior: "ignoreErrors" });
  await admin.getByLabel("Published").selectOption("");
  await admin.getByRole("button", { name: /^Price/ }).click();
  await expect(admin).toHaveURL(/sort=price/);
  await expect(admin).not.toHaveURL(/published/);

  // A bookmarked view opens as it was.
  const view = admin.url();
  const again = await adminPage(browser, MOBILE);
  await again.goto(view);
  await waitForApp(again);
  await expect(again.getByLabel("Kind")).toHaveValue("book");
  await expectNoHorizontalOverflow(again);
  await expect(again.getByRole("region", { name: "Books" }).getByRole("listitem").first()).toBeVisible();
  await shot(again, "admin-books-360");
  // A view with yes/no filters opens too (the loader hands the service the parsed view).
  await again.goto("/admin/books?published=true&inStock=true&lowStock=false&sort=-price");
  await expect(again.getByRole("region", { name: "Books" }).getByRole("listitem").first()).toBeVisible();
  await expect(again.getByRole("navigation", { name: "Pages" })).toContainText(/Page 1 of \d+/);

  // Bulk: unpublish two drafts-to-be, then publish them back.
  await admin.getByLabel("Search title, Bangla title, ISBN or author").fill("Two Tabs");
  await expect(admin).toHaveURL(/q=Two/);
  await admin
    .getByRole("checkbox", { name: /^Select Two Tabs/ })
    .first()
    .check();
  await admin
    .getByRole("toolbar", { name: "Bulk actions" })
    .getByRole("button", { name: "Unpublish" })
    .click();
  await expect(admin.getByRole("status").filter({ hasText: /Unpublished 1 product/ })).toBeVisible();
  await expect(table.getByText("Draft").first()).toBeVisible();
  await admin.context().close();
  await again.context().close();
});

test("the edit form passes axe and fits a 360 px phone", async ({ browser }) => {
  const admin = await adminPage(browser, MOBILE);
  await admin.goto("/admin/books?kind=book");
  await waitForApp(admin);
  await admin
    .getByRole("region", { name: "Books" })
    .getByRole("listitem")
    .first()
    .getByRole("link")
    .first()
    .click();
  await expect(admin.getByRole("heading", { level: 1, name: "Edit book" })).toBeVisible();
  await expectNoHorizontalOverflow(admin);
  await expectNoSeriousA11yViolations(admin);
  await shot(admin, "admin-book-edit-360");
  await admin.context().close();
});
