import { readFileSync } from "node:fs";
import {
  bookWithStock,
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

test.use({ storageState: ADMIN_STATE });

/** A code no other run uses. */
const uniqueCode = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

test("staff add a coupon, a customer uses it at checkout, and the list shows the use", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/coupon");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Coupons" })).toBeVisible();

  // A new coupon, typed in lower case: 15% off, at most ৳300.
  const code = uniqueCode("E2E");
  await page.getByRole("button", { name: "New coupon" }).click();
  const dialog = page.getByRole("dialog", { name: "New coupon" });
  await dialog.getByLabel("Code").fill(code.toLowerCase());
  await dialog.getByLabel("Percent off").fill("150");
  await dialog.getByRole("button", { name: "Add coupon" }).click();
  // The contract's own rule, before anything is sent.
  await expect(dialog.getByText("A percentage is at most 100")).toBeVisible();
  await dialog.getByLabel("Percent off").fill("15");
  await dialog.getByLabel("Largest discount (taka, optional)").fill("300");
  await dialog.getByLabel("Note for staff (optional)").fill("End-to-end test");
  await expectNoSeriousA11yViolations(page);
  await shot(page, "admin-coupon-new-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Add coupon" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Coupon added")).toBeVisible();

  // A customer, in a browser of their own, applies it in the cart and orders (cash on delivery).
  const shopper = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const shop = await shopper.newPage();
  await shop.goto("/");
  const customer = await signUpNewCustomer(shop, "Coupon Shopper");
  const book = await bookWithStock(shop);
  await shop.goto(book.url);
  await waitForApp(shop);
  await shop.getByRole("button", { name: "Add to cart" }).click();
  await expect(shop.getByRole("status").filter({ hasText: "Added to cart" })).toBeVisible();
  await shop.goto("/cart");
  await waitForApp(shop);
  const summary = shop.getByRole("region", { name: "Order summary" });
  await summary.getByLabel("Coupon code").fill(code.toLowerCase());
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(shop.getByRole("status").filter({ hasText: "Coupon applied successfully" })).toBeVisible();
  const placed = await shop.request.post("/api/checkout", {
    data: {
      name: "Coupon Shopper",
      phone: customer.phone,
      district: "Dhaka",
      area: "Mirpur",
      address: "House 1, Road 1",
      paymentMethod: "cod",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  await shopper.close();

  // Staff find it by code: used once, on one sale, with the discount given.
  const discount = Math.min(Math.floor((book.price * 15) / 100), 30_000);
  await page.getByLabel("Search by code").fill(code);
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole("table", { name: "Coupons" });
  const row = table.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("15% off, at most ৳300");
  await expect(row).toContainText("Active");
  await expect(row.getByRole("cell").nth(4)).toHaveText("1");
  await expect(row).toContainText(`৳${(discount / 100).toLocaleString("en-IN")}`);
  // Used: it can be disabled, not deleted; editing says what happens to orders already placed.
  await expect(row.getByRole("button", { name: `Delete ${code}` })).toHaveCount(0);
  await row.getByRole("button", { name: `Edit ${code}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${code}` });
  await expect(edit.getByText("Orders already placed keep the totals they were priced at")).toBeVisible();
  await edit.getByRole("button", { name: "Cancel" }).click();
  await row.getByRole("button", { name: `Disable ${code}` }).click();
  await page
    .getByRole("dialog", { name: "Disable this coupon?" })
    .getByRole("button", { name: "Disable" })
    .click();
  await expect(row).toContainText("Disabled");

  await page.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(page);
  await shot(page, "admin-coupons-mobile");
});

test("staff generate 100 codes and download them as CSV", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(MOBILE);
  await page.goto("/admin/coupon/bulk");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Bulk coupons" })).toBeVisible();
  const prefix = `${uniqueCode("F")}-`;
  const form = page.getByRole("form", { name: "Generate codes" });
  await form.getByLabel("How many codes").fill("100");
  await form.getByLabel("Prefix (optional)").fill(prefix);
  await form.getByLabel("Random characters").fill("8");
  await form.getByLabel("Fixed amount").check();
  await form.getByLabel("Amount off (taka)").fill("50");
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await form.getByRole("button", { name: "Generate codes" }).click();
  const made = page.getByRole("region", { name: /100 codes generated/ });
  await expect(made).toBeVisible();
  await shot(page, "admin-coupons-bulk-mobile");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    made.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const text = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = text.trim().split(/\r\n/);
  expect(lines[0]).toBe("Code,Uses");
  expect(lines).toHaveLength(101);
  const codes = lines.slice(1).map((l) => l.split(",")[0]!);
  expect(new Set(codes).size).toBe(100);
  for (const line of lines.slice(1)) {
    expect(line).toMatch(new RegExp(`^${prefix}[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8},0$`));
  }

  // Uses per code: the list filtered by the batch.
  await made.getByRole("link", { name: "See the codes and their uses" }).click();
  await expect(page).toHaveURL(/\/admin\/coupon\?batch=\d+/);
  // Newest first: the last code made heads the list.
  await expect(page.getByText(codes.at(-1)!, { exact: true }).first()).toBeAttached();
  await expect(page.getByText("1–20 of 100")).toBeVisible();
});
