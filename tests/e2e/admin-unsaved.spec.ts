import type { Browser, Page } from "@playwright/test";
import { expect, shot, test, waitForApp } from "./helpers";
import { ADMIN_STATE } from "./support";

/**
 * A book's edit page holds two forms, the book's and its stock panel's; each one's unsaved
 * changes keep the staff member on the page until they choose to leave. React Router allows one
 * navigation blocker at a time: the page has one guard that both forms report to (a blocker per
 * form made the router refuse them all, and the warning never came).
 */

/** An admin's book page, with what the browser's console says about blockers. */
async function bookPage(browser: Browser, id: number): Promise<{ page: Page; blockerErrors: string[] }> {
  const page = await (await browser.newContext({ storageState: ADMIN_STATE })).newPage();
  const blockerErrors: string[] = [];
  page.on("console", (msg) => {
    if (/blocker/i.test(msg.text())) blockerErrors.push(msg.text());
  });
  page.on("pageerror", (err) => {
    if (/blocker/i.test(err.message)) blockerErrors.push(err.message);
  });
  await page.goto(`/admin/books/${id}`);
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Edit book" })).toBeVisible();
  return { page, blockerErrors };
}

/** A printed book of its own (so the stock panel is there), added through the admin API. */
async function addBook(browser: Browser): Promise<{ id: number; title: string }> {
  const context = await browser.newContext({ storageState: ADMIN_STATE });
  const title = `Unsaved Guard ${Date.now().toString(36)}`;
  const res = await context.request.post("/api/admin/books", {
    data: { kind: "book", title, price: 30_000, stock: 4, published: false },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = ((await res.json()) as { data: { id: number } }).data;
  await context.close();
  return { id, title };
}

const menuLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name, exact: true });

test("an edited book's field: a click on the menu asks first, and staying keeps the edit", async ({
  browser,
}) => {
  const { id, title } = await addBook(browser);
  const { page, blockerErrors } = await bookPage(browser, id);
  const field = page.getByLabel("Title", { exact: true });
  await expect(field).toHaveValue(title);
  await field.fill(`${title} (edited)`);

  await menuLink(page, "Orders").click();
  const ask = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText("Your changes on this page have not been saved and will be lost.");
  await shot(page, "admin-book-unsaved-warning", { fullPage: false });
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin/books/${id}$`));
  await expect(field).toHaveValue(`${title} (edited)`);

  // Asked again, leaving goes where the link pointed.
  await menuLink(page, "Orders").click();
  await ask.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  expect(blockerErrors).toEqual([]);
  await page.context().close();
});

test("a stock change typed and not saved also asks first; a saved edit leaves freely", async ({
  browser,
}) => {
  const { id, title } = await addBook(browser);
  const { page, blockerErrors } = await bookPage(browser, id);
  const units = page.getByLabel("Units (+ in, − out)");
  await units.fill("3");

  await menuLink(page, "Books").click();
  const ask = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin/books/${id}$`));
  await expect(units).toHaveValue("3");

  // Both forms changed: still one question.
  await page.getByLabel("Title", { exact: true }).fill(`${title} (both)`);
  await menuLink(page, "Books").click();
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} (both)`);
  await expect(units).toHaveValue("3");

  // Each saved, nothing is left to lose: the menu link goes at once.
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await page.getByRole("button", { name: "Change stock" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Stock changed" })).toBeVisible();
  await menuLink(page, "Books").click();
  await expect(page).toHaveURL(/\/admin\/books$/);
  await expect(ask).toBeHidden();
  expect(blockerErrors).toEqual([]);
  await page.context().close();
});
