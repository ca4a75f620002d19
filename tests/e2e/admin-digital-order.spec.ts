import type { Browser } from "@playwright/test";
import { buyOnline, expect, shot, signUpNewCustomer, test, waitForApp } from "./helpers";
import { ADMIN_STATE, BASE_URL } from "./support";

/**
 * An order of e-books and courses only has no parcel: its admin page speaks of the buyer's access
 * (granted once paid), never of a parcel leaving or an address to change.
 */

let orderId = 0;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  const admin = await browser.newContext({ storageState: ADMIN_STATE });
  const list = await admin.request.get("/api/admin/books?kind=ebook&published=true&limit=1");
  const [ebook] = ((await list.json()) as { data: { items: { id: number }[] } }).data.items;
  if (!ebook) throw new Error("no published e-book");
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const buyer = await context.newPage();
  const { phone } = await signUpNewCustomer(buyer, "Digital Order Buyer");
  await buyOnline(buyer, phone, [{ id: ebook.id, type: "ebook" }]);
  await context.close();
  const found = await admin.request.get(`/api/admin/orders?q=${phone}`);
  const [order] = ((await found.json()) as { data: { items: { id: number; physical: boolean }[] } }).data
    .items;
  expect(order?.physical).toBe(false);
  orderId = order!.id;
  await admin.close();
});

async function adminPage(browser: Browser, lang: "en" | "bn") {
  const context = await browser.newContext({ storageState: ADMIN_STATE });
  await context.addCookies([{ name: "pathagar_lang", value: lang, url: BASE_URL }]);
  return context.newPage();
}

test("a paid e-book order's admin page says access granted, with no parcel and no address", async ({
  browser,
}) => {
  const page = await adminPage(browser, "en");
  await page.goto(`/admin/orders/${orderId}`);
  await waitForApp(page);
  await expect(page.getByTestId("order-status")).toHaveText("Access granted");
  const access = page.getByRole("region", { name: "Access" });
  await expect(access).toContainText("Access granted: the e-books and courses are in the buyer's library.");
  await expect(access).toContainText("E-books and courses only: nothing to post.");
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText("Access granted", { exact: true })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).not.toContainText(/parcel/i);
  await expect(main.getByRole("heading", { name: "Delivery address" })).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Edit address" })).toHaveCount(0);
  await shot(page, "admin-digital-order");

  // The orders list says the same of its row.
  await page.goto("/admin/orders?physical=digital");
  await waitForApp(page);
  await expect(page.getByRole("main").getByText("Access granted").first()).toBeVisible();
  await page.context().close();
});

test("in Bangla too", async ({ browser }) => {
  const page = await adminPage(browser, "bn");
  await page.goto(`/admin/orders/${orderId}`);
  await waitForApp(page);
  await expect(page.getByTestId("order-status")).toHaveText("অ্যাক্সেস দেওয়া হয়েছে");
  await expect(page.getByRole("region", { name: "অ্যাক্সেস" })).toContainText("ক্রেতার লাইব্রেরিতে আছে");
  await page.context().close();
});
